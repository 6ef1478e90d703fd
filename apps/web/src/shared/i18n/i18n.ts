import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@balcao/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import ptBR from '../../locales/pt-BR.json';
import tr from '../../locales/tr.json';

const LANGUAGE_KEY = 'language';

const resources = {
  'pt-BR': { translation: ptBR },
  en: { translation: en },
  es: { translation: es },
  tr: { translation: tr },
} satisfies Record<Language, { translation: object }>;

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** The device's last choice, else the browser's language when we have it, else pt-BR. */
function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    if (isLanguage(tag)) return tag;
    const base = tag.split('-')[0];
    if (base === 'pt') return 'pt-BR';
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export function applyLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: { pt: ['pt-BR'], default: [DEFAULT_LANGUAGE] },
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export { i18n };
