import type { Campaign } from '@balcao/shared';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { hideBelow } from '../../shared/ui/responsive';
import { campaignLabels } from './campaign-labels';
import { statusActionOf, useRunStatusAction } from './campaign-status-actions';

interface Props {
  campaign: Campaign;
  onEdit: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}

export function CampaignRow({ campaign, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const labels = campaignLabels(campaign, t, useSessionUser().company.timezone);
  const { run, busy } = useRunStatusAction();
  const action = statusActionOf(campaign.status);
  const named = { name: campaign.name };
  return (
    <TableRow hover>
      <TableCell>{campaign.name}</TableCell>
      <TableCell>{labels.status}</TableCell>
      <TableCell sx={hideBelow('md')}>{labels.contactList}</TableCell>
      <TableCell sx={hideBelow('md')}>{labels.connections}</TableCell>
      <TableCell sx={hideBelow('sm')}>{labels.scheduledAt}</TableCell>
      <TableCell sx={hideBelow('md')}>{labels.completedAt}</TableCell>
      <TableCell sx={hideBelow('md')}>{labels.confirmation}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {action && (
          <IconButton
            size="small"
            aria-label={t(`campaigns.list.${action}`, named)}
            disabled={busy}
            onClick={() => run(campaign, action)}
          >
            {action === 'cancel' ? (
              <StopCircleOutlinedIcon fontSize="small" />
            ) : (
              <RestartAltIcon fontSize="small" />
            )}
          </IconButton>
        )}
        <IconButton
          size="small"
          component={Link}
          to={`/campaign/${campaign.id}/report`}
          aria-label={t('campaigns.list.report', named)}
        >
          <AssessmentOutlinedIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('campaigns.list.edit', named)}
          onClick={() => onEdit(campaign)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('campaigns.list.delete', named)}
          onClick={() => onDelete(campaign)}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
