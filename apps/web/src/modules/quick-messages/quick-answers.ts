import { type QuickMessage, quickMessageOptionsResponse } from '@balcao/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { quickMessagesKeys } from './quick-messages.cache';

/** Spec 000 §9: the composer's quick answers open on a leading '/' and show 35 characters of each. */
const QUICK_ANSWER_TRIGGER = '/';
const QUICK_ANSWER_PREVIEW = 35;

/** The typed '/word' as a shortcode prefix, or null when the draft is not asking for a quick answer. */
export function quickAnswerQuery(draft: string): string | null {
  if (!draft.startsWith(QUICK_ANSWER_TRIGGER) || /\s/.test(draft)) return null;
  return draft.slice(QUICK_ANSWER_TRIGGER.length).toLowerCase();
}

export function matchQuickAnswers(records: QuickMessage[], query: string | null): QuickMessage[] {
  if (query === null) return [];
  return records.filter((record) => record.shortcode.toLowerCase().startsWith(query));
}

export const previewOf = (message: string) =>
  message.length > QUICK_ANSWER_PREVIEW ? `${message.slice(0, QUICK_ANSWER_PREVIEW)}…` : message;

/** The caller's own and the company-wide answers, fetched the first time '/' is typed. */
export function useQuickAnswers(draft: string): QuickMessage[] {
  const query = quickAnswerQuery(draft);
  const list = useQuery({
    queryKey: quickMessagesKeys.composer(),
    queryFn: () => request('/quick-messages/list', { schema: quickMessageOptionsResponse }),
    enabled: query !== null,
    staleTime: 60_000,
  });
  return matchQuickAnswers(list.data ?? [], query);
}
