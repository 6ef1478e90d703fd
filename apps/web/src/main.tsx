import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './shared/i18n/i18n';

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The router (created on import) already fetches the first page's code meanwhile. A language that
// failed to load still renders: a network hiccup must not leave the page blank.
void i18nReady.then(render, render);
