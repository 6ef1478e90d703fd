import type { ContactList } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { AddContactsDialog } from './add-contacts.dialog';
import { ContactListDialog } from './contact-list.dialog';
import { downloadExampleSheet, useContactLists, useDeleteContactList } from './contact-lists.api';
import { contactListPages } from './contact-lists.keys';
import { useContactListsRealtime } from './contact-lists.realtime';
import { ContactListsTable } from './contact-lists-table';

export function ContactListsPage() {
  const { t, i18n } = useTranslation();
  useContactListsRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const lists = useContactLists(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(lists);
  const [editing, setEditing] = useState<{ list: ContactList | null } | null>(null);
  const [filling, setFilling] = useState<ContactList | null>(null);
  const [deleting, setDeleting] = useState<ContactList | null>(null);
  const deleteList = useDeleteContactList();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteList.mutate(deleting.id, {
      onSuccess: () => toast.success(t('contactLists.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('contactLists.list.title')}>
        <SearchField label={t('contactLists.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('contactLists.list.add')} onClick={() => setEditing({ list: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <ContactListsTable
          lists={contactListPages.flatten(lists.data)}
          isLoading={lists.isPending}
          error={lists.error}
          isFetchingNextPage={lists.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void lists.refetch()}
          onExample={() => downloadExampleSheet(i18n.language).catch(toast.apiError)}
          onAddByTags={setFilling}
          onEdit={(list) => setEditing({ list })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <ContactListDialog list={editing.list} onClose={() => setEditing(null)} />}
      {filling && <AddContactsDialog list={filling} onClose={() => setFilling(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('contactLists.list.deleteTitle', { name: deleting.name })}
          message={t('contactLists.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteList.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
