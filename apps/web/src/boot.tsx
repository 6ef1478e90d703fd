import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoutes } from './app/router';
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

// The first page's code is fetched while the language loads. A language that failed to load still
// renders: a network hiccup must not leave the page blank.
preloadRoutes(window.location.pathname);
void i18nReady.then(render, render);
