import '../shared/i18n/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../shared/i18n/i18n';
import { PageErrorBoundary } from './page-error-boundary';

// A page whose file the server no longer has (a new build replaced it).
const GonePage = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/gone.page-1a2b.js')),
);

beforeEach(() => applyLanguage('pt-BR'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

test('a page whose code fails to load says so with a way to reload, the rest of the app stays, and another page opens', async () => {
  // React reports the caught error on the console; the boundary's answer is what this test is about.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <MemoryRouter initialEntries={['/gone']}>
      <nav>
        <Link to="/home">Início</Link>
      </nav>
      <PageErrorBoundary>
        <Suspense fallback={<p>carregando</p>}>
          <Routes>
            <Route path="/gone" element={<GonePage />} />
            <Route path="/home" element={<p>página inicial</p>} />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </MemoryRouter>,
  );

  await screen.findByText('Não foi possível abrir esta página');
  expect(screen.getByRole('button', { name: 'Recarregar' })).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: 'Início' }));
  await screen.findByText('página inicial');
  expect(screen.queryByText('Não foi possível abrir esta página')).toBeNull();
});
