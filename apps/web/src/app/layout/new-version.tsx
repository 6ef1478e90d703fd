import { APP_VERSION_EVENT } from '@balcao/shared';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSocketEvent } from '../../shared/socket/socket';

const versionEvent = z.object({ build: z.string().nullable() });

/** The hashed entry script this page was loaded with (none under the dev server). */
function ownBuild(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  return script ? new URL(script.src).pathname : null;
}

/** Spec 000 §8 'new update available': the server now serves another build than this page runs. */
export function isNewerBuild(server: string | null, own: string | null): boolean {
  return server !== null && own !== null && server !== own;
}

export function NewVersionNotice() {
  const { t } = useTranslation();
  const [outdated, setOutdated] = useState(false);
  useSocketEvent(APP_VERSION_EVENT, versionEvent, ({ build }) =>
    setOutdated(isNewerBuild(build, ownBuild())),
  );
  return (
    <Snackbar
      open={outdated}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={t('app.newVersion.text')}
      action={
        <Button color="secondary" size="small" onClick={() => window.location.reload()}>
          {t('app.newVersion.reload')}
        </Button>
      }
    />
  );
}
