import { sendBudgetSchema } from '@balcao/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { connectionsKeys } from './connections.keys';

/** A minute is fresh enough for a day's count; the page shows it, it decides nothing. */
const BUDGET_STALE_MS = 60_000;

/** The connection's send budget: its pacing profile and the campaign sends of the last 24 hours. */
export function useSendBudget(id: number) {
  return useQuery({
    queryKey: connectionsKeys.budget(id),
    queryFn: () => request(`/whatsapp/${id}/budget`, { schema: sendBudgetSchema }),
    staleTime: BUDGET_STALE_MS,
  });
}
