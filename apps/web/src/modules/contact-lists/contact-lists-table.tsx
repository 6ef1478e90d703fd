import type { ContactList } from '@balcao/shared';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { ContactListRow, type ListActions } from './contact-list-row';

export function ContactListsTable({
  lists,
  ...props
}: { lists: ContactList[] } & ListActions & PagedListState) {
  const { t } = useTranslation();
  const { onExample, onAddByTags, onEdit, onDelete, ...state } = props;
  return (
    <PagedTable
      {...state}
      texts="contactLists.list"
      emptyIcon={<ListAltOutlinedIcon />}
      columns={[
        { label: t('contactLists.list.name') },
        { label: t('contactLists.list.contacts'), align: 'center' },
        { label: t('contactLists.list.valid'), align: 'center', hideBelow: 'sm' },
        { label: t('contactLists.list.actions'), align: 'right' },
      ]}
      rows={lists}
      renderRow={(list) => (
        <ContactListRow
          list={list}
          onExample={onExample}
          onAddByTags={onAddByTags}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
    />
  );
}
