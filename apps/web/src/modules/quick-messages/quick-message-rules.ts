import { type Actor, can, type QuickMessage } from '@balcao/shared';

export type QuickMessageKind = 'category' | 'media' | 'text';

export const kindOf = (record: Pick<QuickMessage, 'isCategory' | 'isMedia'>): QuickMessageKind =>
  record.isCategory ? 'category' : record.isMedia ? 'media' : 'text';

/** Mirrors the server (spec 001 §6): admins and supervisors change any; others their own that are not 'geral'. */
export function canChangeQuickMessage(
  me: Actor & { id: number },
  record: Pick<QuickMessage, 'geral' | 'userId'>,
): boolean {
  if (can(me, 'quick-messages:manageAll')) return true;
  return !record.geral && record.userId === me.id;
}
