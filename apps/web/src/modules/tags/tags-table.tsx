import type { Tag } from '@balcao/shared';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow } from '../../shared/ui/responsive';
import { PagedTableBody } from '../../shared/ui/table-body-content';
import { TagRow } from './tag-row';

const COLUMNS = 5;

interface Props {
  tags: Tag[];
  canManage: boolean;
  isLoading: boolean;
  error: unknown;
  isFetchingNextPage: boolean;
  searching: boolean;
  onRetry: () => void;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

export function TagsTable({
  tags,
  isLoading,
  error,
  isFetchingNextPage,
  searching,
  onRetry,
  ...rowProps
}: Props) {
  const { t } = useTranslation();
  return (
    <Table stickyHeader size="small" aria-busy={isLoading || isFetchingNextPage}>
      <TableHead>
        <TableRow>
          <TableCell>{t('tags.list.name')}</TableCell>
          <TableCell align="center">{t('tags.list.contacts')}</TableCell>
          <TableCell align="center" sx={hideBelow('sm')}>
            {t('tags.list.tickets')}
          </TableCell>
          <TableCell align="center" sx={hideBelow('sm')}>
            {t('tags.list.kanban')}
          </TableCell>
          <TableCell align="right">{t('tags.list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <PagedTableBody
        isFetchingNextPage={isFetchingNextPage}
        columns={COLUMNS}
        isLoading={isLoading}
        loadError={error ? `${t('tags.list.loadError')} ${errorMessage(error)}` : undefined}
        onRetry={onRetry}
        hasRows={tags.length > 0}
        empty={
          <EmptyState
            icon={<LocalOfferOutlinedIcon />}
            title={searching ? t('tags.list.noMatchTitle') : t('tags.list.emptyTitle')}
            description={searching ? t('tags.list.noMatchText') : t('tags.list.emptyText')}
          />
        }
      >
        {tags.map((tag) => (
          <TagRow key={tag.id} tag={tag} {...rowProps} />
        ))}
      </PagedTableBody>
    </Table>
  );
}
