import {
  events,
  PLATFORM_COMPANY_ID,
  type StartTicketzImportBody,
  type TicketzImport,
  ticketzImportSchema,
  ticketzImportsResponse,
  ticketzProbeResponse,
} from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { request } from '../../shared/api/http';
import { useSocketEvent } from '../../shared/socket/socket';
import { companiesKeys } from './companies.cache';

const importsKey = [...companiesKeys.all, 'ticketz-imports'] as const;

/** Whether the operator turned imports on, and the latest imports (one may still be running). */
export function useTicketzImports() {
  return useQuery({
    queryKey: importsKey,
    queryFn: () => request('/ticketz-imports', { schema: ticketzImportsResponse }),
  });
}

/** Connects to the Ticketz database and answers its companies. */
export function useProbeTicketz() {
  return useMutation({
    mutationFn: (url: string) =>
      request('/ticketz-imports/probe', { method: 'POST', body: { url }, schema: ticketzProbeResponse }),
  });
}

export function useStartTicketzImport() {
  return useMutation({
    mutationFn: (body: StartTicketzImportBody) =>
      request('/ticketz-imports', { method: 'POST', body, schema: ticketzImportSchema }),
  });
}

/**
 * Folds an event into the import shown. Events may arrive out of order after their trip through the
 * database: the steps done only grow, and a finished import stays finished.
 */
function applyTicketzEvent(current: TicketzImport, event: TicketzImport): TicketzImport {
  if (event.id !== current.id || current.status !== 'running') return current;
  if (event.status === 'running' && event.stepsDone < current.stepsDone) return current;
  return event;
}

/**
 * The import the dialog follows, kept up to date by the server's events to the super user. Events
 * heard before the start's answer arrived (a small import may even finish first) are kept and folded
 * in when it does.
 */
export function useFollowedImport(initial: TicketzImport | undefined) {
  const queryClient = useQueryClient();
  const [followed, setFollowed] = useState<TicketzImport | undefined>();
  const heard = useRef(new Map<number, TicketzImport>());
  const shown = followed ?? initial;
  const show = (row: TicketzImport) => {
    const latest = heard.current.get(row.id);
    const next = latest ? applyTicketzEvent(row, latest) : row;
    setFollowed(next);
    if (next.status !== 'running') {
      void queryClient.invalidateQueries({ queryKey: companiesKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: importsKey });
    }
  };
  useSocketEvent(events.ticketzImport(PLATFORM_COMPANY_ID), ticketzImportSchema, (event) => {
    const before = heard.current.get(event.id);
    heard.current.set(event.id, before ? applyTicketzEvent(before, event) : event);
    if (shown?.id === event.id && shown.status === 'running') show(applyTicketzEvent(shown, event));
  });
  return { shown, follow: show };
}
