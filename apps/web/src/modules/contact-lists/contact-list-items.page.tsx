import type { ContactListItem } from '@balcao/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { ContactListItemDialog } from './contact-list-item.dialog';
import { ContactListItemsTable } from './contact-list-items-table';
import { useCheckNumbers, useContactList, useContactListItems, useDeleteItem } from './contact-lists.api';
import { itemPages } from './contact-lists.keys';
import { useContactListItemsRealtime, useContactListsRealtime } from './contact-lists.realtime';
import { useListImport } from './list-import';
import { ListImportDialog } from './list-import.dialog';
import { ListImportPanel } from './list-import-panel';
import { NumberCheckStatus } from './number-check';
import { ToolButton } from './tool-button';

export function ContactListItemsPage() {
  const { t } = useTranslation();
  const contactListId = Number(useParams().contactListId);
  useContactListsRealtime();
  useContactListItemsRealtime(contactListId);
  const list = useContactList(contactListId);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const items = useContactListItems(contactListId, searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(items);
  const imports = useListImport(contactListId);
  const check = useCheckNumbers();
  const [editing, setEditing] = useState<{ item: ContactListItem | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);
  const deleteItem = useDeleteItem(contactListId);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteItem.mutate(deleting.id, {
      onSuccess: () => toast.success(t('contactLists.items.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box>
        <Button component={RouterLink} to="/contact-lists" startIcon={<ArrowBackIcon />} size="small">
          {t('contactLists.items.back')}
        </Button>
      </Box>
      <PageHeader title={list.data?.name ?? t('contactLists.items.title')}>
        <SearchField label={t('contactLists.items.search')} value={search} onChange={setSearch} />
        <ToolButton
          label={t('contactLists.check.start')}
          icon={<FactCheckOutlinedIcon fontSize="small" />}
          disabled={!list.data || list.data.checking || list.data.uncheckedCount === 0}
          loading={check.isPending}
          onClick={() => check.mutate(contactListId, { onError: (error) => toast.apiError(error) })}
        />
        <ToolButton
          label={t('contactLists.import.open')}
          icon={<UploadFileOutlinedIcon fontSize="small" />}
          onClick={() => setImporting(true)}
        />
        <AddButton label={t('contactLists.items.add')} onClick={() => setEditing({ item: null })} />
      </PageHeader>
      {list.data && <NumberCheckStatus list={list.data} />}
      {imports.progress && <ListImportPanel progress={imports.progress} onDismiss={imports.dismiss} />}
      <ScrollPanel loadMore={loadMore}>
        <ContactListItemsTable
          items={itemPages(contactListId).flatten(items.data)}
          isLoading={items.isPending}
          error={items.error ?? list.error}
          isFetchingNextPage={items.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void items.refetch()}
          onEdit={(item) => setEditing({ item })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && (
        <ContactListItemDialog
          contactListId={contactListId}
          item={editing.item}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && (
        <ListImportDialog
          contactListId={contactListId}
          onStarted={imports.start}
          onClose={() => setImporting(false)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('contactLists.items.deleteTitle', { name: deleting.name })}
          message={t('contactLists.items.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteItem.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
