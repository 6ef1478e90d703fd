import type { Tag } from '@balcao/shared';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { TagRow } from './tag-row';

interface Props extends PagedListState {
  tags: Tag[];
  canManage: boolean;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

export function TagsTable({ tags, canManage, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="tags.list"
      emptyIcon={<LocalOfferOutlinedIcon />}
      columns={[
        { label: t('tags.list.name') },
        { label: t('tags.list.contacts'), align: 'center' },
        { label: t('tags.list.tickets'), align: 'center', hideBelow: 'sm' },
        { label: t('tags.list.kanban'), align: 'center', hideBelow: 'sm' },
        { label: t('tags.list.actions'), align: 'right' },
      ]}
      rows={tags}
      renderRow={(tag) => <TagRow tag={tag} canManage={canManage} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
}
