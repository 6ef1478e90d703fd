import { DEFAULT_LANGUAGE, type Language } from '@balcao/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, isLanguage, LANGUAGE_KEY, languageBundles } from './language-bundles';
import { loadMuiLocale } from './mui-locales';

async function loadLanguage(language: Language) {
  const mui = loadMuiLocale(language);
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const { default: bundle } = await languageBundles[language]();
    i18n.addResourceBundle(language, 'translation', bundle);
  }
  await mui;
}

let wanted: Language = initialLanguage();

/** Settles once the language is shown; a later choice made while this one loads wins. */
export async function applyLanguage(language: Language): Promise<void> {
  wanted = language;
  localStorage.setItem(LANGUAGE_KEY, language);
  await loadLanguage(language);
  if (wanted === language && i18n.language !== language) await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: wanted,
  fallbackLng: { pt: ['pt-BR'], default: [DEFAULT_LANGUAGE] },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The page's language and its description (index.html carries the default's) follow the choice. */
function describePage() {
  document.documentElement.lang = i18n.language;
  const description = document.querySelector('meta[name="description"]');
  if (description && i18n.exists('app.description'))
    description.setAttribute('content', i18n.t('app.description'));
}

i18n.on('languageChanged', describePage);
i18n.on('loaded', describePage);
document.documentElement.lang = i18n.language;

/** The first screen waits for this, so no text shows as its key. */
export const i18nReady: Promise<void> = loadLanguage(wanted);

export { i18n };
