import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';

function titleKeyOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return undefined;
  return typeof handle.title === 'string' ? handle.title : undefined;
}

/** Names the browser tab after the deepest route that declares a title, in the current language. */
export function PageTitle() {
  const { t } = useTranslation();
  const key = useMatches()
    .map((match) => titleKeyOf(match.handle))
    .findLast((title) => title !== undefined);

  useEffect(() => {
    document.title = key ? t('app.pageTitle', { page: t(key) }) : t('app.name');
  }, [key, t]);

  return <Outlet />;
}
