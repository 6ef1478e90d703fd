import '../../shared/i18n/i18n';
import type { Invoice, LANGUAGES } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SubscriptionDialog } from './subscription.dialog';

const invoice: Invoice = {
  id: 4,
  detail: 'Plano Essencial',
  users: 5,
  connections: 2,
  queues: 3,
  value: 9900,
  dueDate: '2026-12-10',
  status: 'open',
  paidAt: null,
};

type Language = (typeof LANGUAGES)[number];

afterEach(cleanup);

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SubscriptionDialog invoice={invoice} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

/** The text MUI shows under an input, found the way a screen reader finds it. */
function messageUnder(label: RegExp) {
  const input = screen.getByLabelText(label);
  const described = input.getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : undefined;
}

test.each<[Language, string, RegExp, RegExp, string, string]>([
  ['pt-BR', 'PRÓXIMO', /^Nome completo/, /^CEP/, 'O nome completo é obrigatório', 'CEP é obrigatório'],
  ['en', 'NEXT', /^Full name/, /^Postal code/, 'Your full name is required', 'Postal code is required'],
  [
    'es',
    'SIGUIENTE',
    /^Nombre completo/,
    /^Código postal/,
    'El nombre completo es obligatorio',
    'El código postal es obligatorio',
  ],
  ['tr', 'İLERİ', /^Ad soyad/, /^Posta kodu/, 'Ad soyad zorunludur', 'Posta kodu zorunludur'],
])('in %s, the data step names the missing full name and postal code under their fields', async (language, next, nameLabel, zipLabel, nameMessage, zipMessage) => {
  await applyLanguage(language);
  renderDialog();

  fireEvent.click(screen.getByRole('button', { name: next }));

  expect(await screen.findByText(nameMessage)).toBeTruthy();
  expect(messageUnder(nameLabel)).toBe(nameMessage);
  expect(messageUnder(zipLabel)).toBe(zipMessage);
});

test('a blank-only full name is missing too, and filling both moves on to choosing the plan', async () => {
  await applyLanguage('pt-BR');
  renderDialog();
  fireEvent.change(screen.getByLabelText(/^Nome completo/), { target: { value: '   ' } });
  fireEvent.change(screen.getByLabelText(/^CEP/), { target: { value: '01310-100' } });
  fireEvent.click(screen.getByRole('button', { name: 'PRÓXIMO' }));

  expect(await screen.findByText('O nome completo é obrigatório')).toBeTruthy();
  expect(screen.queryByText('CEP é obrigatório')).toBeNull();

  fireEvent.change(screen.getByLabelText(/^Nome completo/), { target: { value: 'Maria Souza' } });
  fireEvent.click(screen.getByRole('button', { name: 'PRÓXIMO' }));

  expect(await screen.findByRole('button', { name: 'Manter este plano' })).toBeTruthy();
});
