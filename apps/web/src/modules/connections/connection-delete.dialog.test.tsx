import '../../shared/i18n/i18n';
import type { Channel } from '@balcao/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { buildConnection } from '../../test/fixtures';
import { ConnectionDeleteDialog } from './connection-delete.dialog';

beforeAll(() => applyLanguage('en'));
afterEach(cleanup);

const warningFor = (channel: Channel) => {
  render(
    <ConnectionDeleteDialog
      connection={buildConnection({ name: 'Loja', channel })}
      busy={false}
      onConfirm={vi.fn()}
      onClose={vi.fn()}
    />,
  );
  return screen.getByRole('dialog', { name: 'Delete Loja?' }).textContent ?? '';
};

test('deleting a WhatsApp connection warns that its phone is logged out, not about website visitors', () => {
  const text = warningFor('whatsapp');

  expect(text).toContain('The phone linked to it will be logged out');
  expect(text).not.toContain('website chat');
});

test('only a website chat connection warns about its visitors', () => {
  expect(warningFor('webchat')).toContain('Visitors will no longer be able to use its website chat.');
  cleanup();
  warningFor('whatsappapi');
  expect(
    screen.getByText('Do you really want to delete this connection? This cannot be undone.'),
  ).toBeTruthy();
});
