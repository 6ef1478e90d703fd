import type { webchatInfoResponse } from '@balcao/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { z } from 'zod';
import { WidgetApp } from './widget.app.js';
import { pickLanguage, widgetText } from './widget.i18n.js';
import './widget.css';

const token = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const params = new URLSearchParams(location.search);
const language = pickLanguage(params.get('lang'), navigator.languages);
document.documentElement.lang = language;
const t = widgetText(language);

async function loadInfo(): Promise<z.infer<typeof webchatInfoResponse>> {
  const answer = await fetch(`/webchat/${encodeURIComponent(token)}`, {
    headers: { accept: 'application/json' },
  });
  return answer.ok ? answer.json() : { name: '', greetingMessage: '' };
}

const root = document.getElementById('widget');
if (root) {
  const info = await loadInfo();
  document.title = info.name || t('title');
  createRoot(root).render(
    <StrictMode>
      <WidgetApp
        token={token}
        embedded={params.has('embed')}
        t={t}
        title={info.name}
        greeting={info.greetingMessage}
      />
    </StrictMode>,
  );
}
