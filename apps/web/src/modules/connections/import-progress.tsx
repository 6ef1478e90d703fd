import { type Connection, events, importMessagesEvent } from '@balcao/shared';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { toast } from '../../shared/toast/toast.store';
import { useSessionAction } from './whatsapp-session.api';

/** Spec 000 §4: the preparing button shows while the last progress is under 35 seconds old. */
const PREPARING_MS = 35_000;

const timeOf = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/**
 * A history import on this connection: a disabled "preparing" button (with the count once this page
 * has heard progress) while the last progress, live or the connection's statusImportMessages, is
 * under 35 s old; then the button that closes the tickets it opened.
 */
export function ImportProgress({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const action = useSessionAction();
  const [progress, setProgress] = useState<{ done: number; all: number; at: number } | null>(null);
  const [finished, setFinished] = useState(false);
  const [, expire] = useState(0);

  useSocketEvent(events.importMessages(me.companyId), importMessagesEvent, (event) => {
    if (event.whatsappId !== connection.id) return;
    if (event.action === 'update') {
      setProgress({ done: event.status.this, all: event.status.all, at: Date.now() });
      setFinished(false);
    } else {
      setProgress(null);
      setFinished(true);
      void queryClient.invalidateQueries();
    }
  });

  // Once the import said it finished, the reloaded statusImportMessages is its last progress, not a new run.
  const lastProgress = Math.max(progress?.at ?? 0, finished ? 0 : timeOf(connection.statusImportMessages));
  const until = lastProgress + PREPARING_MS;
  const preparing = until > Date.now();

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setTimeout(() => expire((n) => n + 1), until - Date.now());
    return () => clearTimeout(timer);
  }, [until]);

  const closeImported = () =>
    action.mutate(
      { action: 'closeImported', id: connection.id },
      {
        onSuccess: (answer) => {
          toast.success(
            t('connections.session.importedClosed', { count: (answer as { closed: number }).closed }),
          );
          setFinished(false);
        },
      },
    );

  if (preparing)
    return (
      <Button size="small" variant="outlined" disabled>
        {progress
          ? t('connections.session.preparing', { done: progress.done, all: progress.all })
          : t('connections.session.preparingStart')}
      </Button>
    );
  if (!finished) return null;
  return (
    <Button size="small" variant="outlined" loading={action.isPending} onClick={closeImported}>
      {t('connections.session.closeImported')}
    </Button>
  );
}
