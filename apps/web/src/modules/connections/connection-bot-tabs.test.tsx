import '../../shared/i18n/i18n';
import { DEFAULT_RATING_PROMPT } from '@balcao/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { ConnectionNpsTab } from './connection-bot-tabs';
import { type ConnectionFormInput, connectionFormDefaults } from './connection-form';

function NpsTab({ ratingMessage }: { ratingMessage: string }) {
  const { control } = useForm<ConnectionFormInput>({
    defaultValues: { ...connectionFormDefaults(null, 'webchat'), ratingMessage },
  });
  return <ConnectionNpsTab control={control} />;
}

beforeEach(() => applyLanguage('en'));
afterEach(cleanup);

test('the NPS tab says the scale customers answer on, and what they are asked when the text is empty', () => {
  render(<NpsTab ratingMessage="" />);

  expect(screen.getByText(/answer with a whole number from 0 to 10/)).toBeTruthy();
  expect(screen.getByText(new RegExp(`asked: “${DEFAULT_RATING_PROMPT.slice(0, 20)}`))).toBeTruthy();
});

test("with the company's own text, it is sent as written and only the scale is recalled", () => {
  render(<NpsTab ratingMessage="De 1 a 5, como foi?" />);

  expect(screen.getByText(/answer with a whole number from 0 to 10/)).toBeTruthy();
  expect(screen.queryByText(/asked: “/)).toBeNull();
});
