import '../../shared/i18n/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, test } from 'vitest';
import { timeOfDayChoices } from '../../shared/forms/time-of-day';
import { applyLanguage } from '../../shared/i18n/i18n';
import { buildUser } from '../../test/fixtures';
import { UserAccessFields } from './user-access-fields';
import { userFormDefaults } from './user-form';

function AccessForm() {
  const { control } = useForm({ defaultValues: userFormDefaults(buildUser({ startWork: '18:30' })) });
  return <UserAccessFields control={control} />;
}

afterEach(cleanup);

describe('work hours', () => {
  test('show a 24-hour clock in pt-BR, whatever the browser', async () => {
    await applyLanguage('pt-BR');

    render(<AccessForm />);

    expect(screen.getByText('18:30')).toBeTruthy();
  });

  test('show the 12-hour clock in English', async () => {
    await applyLanguage('en');

    render(<AccessForm />);

    expect(screen.getByText(/06:30\sPM/)).toBeTruthy();
  });

  test('offer every 10 minutes of the day, the end of the day and a stored time between steps', () => {
    const choices = timeOfDayChoices('08:05');

    expect(choices).toHaveLength(24 * 6 + 2);
    expect(choices).toContain('23:59');
    expect(choices.indexOf('08:05')).toBe(choices.indexOf('08:00') + 1);
  });
});
