import type { ContactListItem } from '@balcao/shared';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { ContactListItemRow } from './contact-list-item-row';

interface Props extends PagedListState {
  items: ContactListItem[];
  onEdit: (item: ContactListItem) => void;
  onDelete: (item: ContactListItem) => void;
}

export function ContactListItemsTable({ items, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="contactLists.items"
      emptyIcon={<ContactPhoneOutlinedIcon />}
      columns={[
        { label: t('contactLists.fields.name') },
        { label: t('contactLists.fields.number') },
        { label: t('contactLists.fields.email'), hideBelow: 'md' },
        { label: t('contactLists.items.whatsapp'), align: 'center' },
        { label: t('contactLists.items.actions'), align: 'right' },
      ]}
      rows={items}
      renderRow={(item) => <ContactListItemRow item={item} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
}
