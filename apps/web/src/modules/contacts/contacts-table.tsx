import type { Contact } from '@balcao/shared';
import ContactsOutlinedIcon from '@mui/icons-material/ContactsOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { type ContactActions, ContactRow } from './contact-row';

interface Props extends ContactActions, PagedListState {
  contacts: Contact[];
}

export function ContactsTable({
  contacts,
  isLoading,
  error,
  isFetchingNextPage,
  searching,
  onRetry,
  ...actions
}: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      isLoading={isLoading}
      error={error}
      isFetchingNextPage={isFetchingNextPage}
      searching={searching}
      onRetry={onRetry}
      texts="contacts.list"
      emptyIcon={<ContactsOutlinedIcon />}
      columns={[
        { label: t('contacts.list.avatar'), labelHidden: true },
        { label: t('contacts.fields.name') },
        { label: t('contacts.fields.number'), hideBelow: 'sm' },
        { label: t('contacts.fields.email'), hideBelow: 'xl' },
        { label: t('contacts.list.lastInteraction'), hideBelow: 'md' },
        { label: t('contacts.list.status'), align: 'center', hideBelow: 'sm' },
        { label: t('contacts.list.actions'), align: 'right' },
      ]}
      rows={contacts}
      renderRow={(contact) => <ContactRow contact={contact} {...actions} />}
    />
  );
}
