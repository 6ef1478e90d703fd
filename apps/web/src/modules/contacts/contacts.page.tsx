import { type Contact, can, planAllows } from '@balcao/shared';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { hasLocalFlag } from '../../shared/local-flag';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { lazyPart } from '../../shared/ui/lazy-part';
import { AddButton, ScrollPanel } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { CAMPAIGNS_FLAG } from '../campaigns/campaigns.flag';
import { useContactImportProgress } from './contact-import';
import { ContactImportPanel } from './contact-import-panel';
import {
  downloadFile,
  useBlockContact,
  useContactList,
  useDeleteContact,
  useTagOptions,
} from './contacts.api';
import { flattenContactPages } from './contacts.cache';
import { useContactsRealtime } from './contacts.realtime';
import { ContactsTable } from './contacts-table';

// Dialogs come when first opened: the list's first paint on a phone does not wait for their code.
const ContactDialog = lazyPart(() => import('./contact.dialog').then((m) => m.ContactDialog));
const OpenTicketDialog = lazyPart(() => import('./open-ticket.dialog').then((m) => m.OpenTicketDialog));
const ContactImportDialog = lazyPart(() =>
  import('./contact-import.dialog').then((m) => m.ContactImportDialog),
);
const AddContactsDialog = lazyPart(() =>
  import('../contact-lists/add-contacts.dialog').then((m) => m.AddContactsDialog),
);

type Editing = { contact: Contact | null } | null;

export function ContactsPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  useContactsRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const [tagIds, setTagIds] = useState<number[]>([]);
  const tags = useTagOptions();
  const list = useContactList(searchParam, tagIds);
  const contacts = flattenContactPages(list.data);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [opening, setOpening] = useState<Contact | null>(null);
  const [blocking, setBlocking] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const [listing, setListing] = useState(false);
  // Contact lists are campaign audiences: offered where their page is (spec 001 §2, §6).
  const canList =
    can(me, 'campaigns:manage') &&
    planAllows(me.company.plan, 'useCampaigns') &&
    hasLocalFlag(CAMPAIGNS_FLAG);
  const imports = useContactImportProgress();
  const blockContact = useBlockContact();
  const deleteContact = useDeleteContact();

  const confirmBlock = () => {
    if (!blocking) return;
    const active = !blocking.active;
    blockContact.mutate(
      { id: blocking.id, active },
      {
        onSuccess: () => toast.success(active ? t('contacts.list.unblocked') : t('contacts.list.blocked')),
        onError: (error) => toast.apiError(error),
        onSettled: () => setBlocking(null),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deleteContact.mutate(deleting.id, {
      onSuccess: () => toast.success(t('contacts.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  const exportContacts = () => {
    setMenu(null);
    downloadFile('/contacts/export', 'backup_contatos.xlsx').catch(toast.apiError);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('contacts.list.title')}>
        <TextField
          type="search"
          placeholder={t('contacts.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { sm: 240 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('contacts.list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Autocomplete
          multiple
          size="small"
          options={tags.data ?? []}
          getOptionLabel={(tag) => tag.name}
          value={(tags.data ?? []).filter((tag) => tagIds.includes(tag.id))}
          onChange={(_event, value) => setTagIds(value.map((tag) => tag.id))}
          renderInput={(params) => <TextField {...params} placeholder={t('contacts.list.filterTags')} />}
          sx={{ width: { sm: 220 }, display: { xs: 'none', sm: 'block' } }}
        />
        <Button
          variant="outlined"
          // On a phone only the icon shows: the name must not go with the text.
          aria-label={t('contacts.list.importExport')}
          aria-haspopup="menu"
          onClick={(event) => setMenu(event.currentTarget)}
          sx={{ flexShrink: 0, gap: 1 }}
        >
          <ImportExportIcon fontSize="small" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('contacts.list.importExport')}
          </Box>
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          <MenuItem
            onClick={() => {
              setMenu(null);
              setImporting(true);
            }}
          >
            {t('contacts.list.import')}
          </MenuItem>
          <MenuItem onClick={exportContacts}>{t('contacts.list.export')}</MenuItem>
          {canList && (
            <MenuItem
              onClick={() => {
                setMenu(null);
                setListing(true);
              }}
            >
              {t('contactLists.addContacts.fromContactsPage')}
            </MenuItem>
          )}
        </Menu>
        <AddButton label={t('contacts.list.add')} onClick={() => setEditing({ contact: null })} />
      </PageHeader>
      {imports.progress && <ContactImportPanel progress={imports.progress} onDismiss={imports.dismiss} />}
      <ScrollPanel loadMore={loadMore}>
        <ContactsTable
          contacts={contacts}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== '' || tagIds.length > 0}
          onRetry={() => void list.refetch()}
          onOpenTicket={setOpening}
          onEdit={(contact) => setEditing({ contact })}
          onToggleBlock={setBlocking}
          onDelete={can(me, 'contacts-page:deleteContact') ? setDeleting : undefined}
        />
      </ScrollPanel>
      <Suspense fallback={null}>
        {editing && <ContactDialog contact={editing.contact} onClose={() => setEditing(null)} />}
        {opening && <OpenTicketDialog contact={opening} onClose={() => setOpening(null)} />}
        {importing && <ContactImportDialog onStarted={imports.start} onClose={() => setImporting(false)} />}
        {listing && (
          <AddContactsDialog
            filter={{ searchParam: searchParam || undefined, tagIds }}
            onClose={() => setListing(false)}
          />
        )}
      </Suspense>
      {blocking && (
        <ConfirmDialog
          title={t(blocking.active ? 'contacts.list.blockTitle' : 'contacts.list.unblockTitle', {
            name: blocking.name,
          })}
          message={t(blocking.active ? 'contacts.list.blockMessage' : 'contacts.list.unblockMessage')}
          confirmLabel={t(blocking.active ? 'contacts.list.blockConfirm' : 'contacts.list.unblockConfirm')}
          busy={blockContact.isPending}
          onConfirm={confirmBlock}
          onClose={() => setBlocking(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('contacts.list.deleteTitle', { name: deleting.name })}
          message={t('contacts.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteContact.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
