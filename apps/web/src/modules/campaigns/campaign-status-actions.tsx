import type { Campaign } from '@balcao/shared';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { useCampaignAction } from './campaigns.api';

/** What the user may do to a campaign's run (spec 001 §4): stop a running one, restart a cancelled one. */
export const statusActionOf = (status: Campaign['status']) =>
  status === 'EM_ANDAMENTO' ? 'cancel' : status === 'CANCELADA' ? 'restart' : null;

/** Runs stop or restart; a refusal shows the server's message (spec 001 §8). */
export function useRunStatusAction() {
  const { t } = useTranslation();
  const action = useCampaignAction();
  const run = (campaign: Campaign, kind: 'cancel' | 'restart') =>
    action.mutate(
      { id: campaign.id, action: kind },
      {
        onSuccess: () => toast.success(t(`campaigns.actions.${kind}Done`)),
        onError: (error) => toast.apiError(error),
      },
    );
  return { run, busy: action.isPending };
}

/** The dialog's restart or stop button, whichever the campaign's status allows. */
export function CampaignStatusActions({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const { run, busy } = useRunStatusAction();
  const kind = statusActionOf(campaign.status);
  if (!kind) return null;
  return (
    <Button
      color={kind === 'cancel' ? 'error' : 'primary'}
      variant="outlined"
      loading={busy}
      onClick={() => run(campaign, kind)}
    >
      {t(`campaigns.actions.${kind}`)}
    </Button>
  );
}
