import type { Language } from '@balcao/shared';
import type { Localization } from '@mui/material/locale';

const loaded = new Map<Language, Localization>();

/**
 * MUI's own words (the Autocomplete's "Open" and "No options", the table pager's "Rows per page"…)
 * in the app's language: fetched with the language's own texts.
 */
export async function loadMuiLocale(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const { ptBR, enUS, esES, trTR } = await import('@mui/material/locale');
  loaded.set(language, { 'pt-BR': ptBR, en: enUS, es: esES, tr: trTR }[language]);
}

/** The theme's share of a language, once loadMuiLocale has fetched it; nothing (MUI's English) before. */
export function muiLocaleOf(language: Language): Localization | undefined {
  return loaded.get(language);
}
