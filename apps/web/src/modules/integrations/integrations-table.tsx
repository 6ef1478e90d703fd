import type { Integration } from '@balcao/shared';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { IntegrationTypeLogo } from './integration-type-logo';

interface Props extends PagedListState {
  integrations: Integration[];
  onEdit: (integration: Integration) => void;
  onDelete: (integration: Integration) => void;
}

export function IntegrationsTable({ integrations, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="integrations.list"
      emptyIcon={<HubOutlinedIcon />}
      columns={[
        { label: t('integrations.list.type') },
        { label: t('integrations.list.id') },
        { label: t('integrations.list.name') },
        { label: t('integrations.list.actions'), align: 'right' },
      ]}
      rows={integrations}
      renderRow={(integration) => (
        <TableRow hover>
          <TableCell>
            <Chip
              size="small"
              variant="outlined"
              icon={<IntegrationTypeLogo type={integration.type} />}
              label={t(`integrations.types.${integration.type}`)}
            />
          </TableCell>
          <TableCell>{integration.id}</TableCell>
          <TableCell>{integration.name}</TableCell>
          <EditDeleteCell
            editLabel={t('integrations.list.edit', { name: integration.name })}
            deleteLabel={t('integrations.list.delete', { name: integration.name })}
            onEdit={() => onEdit(integration)}
            onDelete={() => onDelete(integration)}
          />
        </TableRow>
      )}
    />
  );
}
