import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page (a key of the locales), in the current language. */
export function usePageTitle(key: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = key ? t('app.pageTitle', { page: t(key) }) : t('app.name');
  }, [key, t]);
}
