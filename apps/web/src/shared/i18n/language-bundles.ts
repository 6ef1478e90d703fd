import type { DEFAULT_LANGUAGE, Language } from '@balcao/shared';
import { loadMuiLocale } from './mui-locales';

/** Each language is a chunk of its own, fetched when first shown: a visit downloads one, not four. */
export const languageBundles = {
  'pt-BR': () => import('../../locales/pt-BR.json'),
  en: () => import('../../locales/en.json'),
  es: () => import('../../locales/es.json'),
  tr: () => import('../../locales/tr.json'),
} satisfies Record<Language, () => Promise<{ default: object }>>;

export const LANGUAGE_KEY = 'language';

// The entry reads this module before the shared contract has loaded: the type keeps the two equal.
const fallback: typeof DEFAULT_LANGUAGE = 'pt-BR';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(languageBundles, value);
}

/** The device's last choice, else the browser's language when we have it, else pt-BR. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    if (isLanguage(tag)) return tag;
    const base = tag.split('-')[0];
    if (base === 'pt') return 'pt-BR';
    if (isLanguage(base)) return base;
  }
  return fallback;
}

/**
 * Starts the texts of the language the first screen will show (the app's and MUI's), for the entry: they
 * download beside the app's code, and the app's own load of them (i18n.ts) takes the same modules.
 */
export function startInitialLanguage() {
  const language = initialLanguage();
  languageBundles[language]().catch(() => undefined);
  loadMuiLocale(language).catch(() => undefined);
}
