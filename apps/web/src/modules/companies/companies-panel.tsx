import type { CompanyAdmin } from '@balcao/shared';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { companyToday } from '../../shared/session/session.store';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { useCompanyList, useDeleteCompany, useRenewCompany } from './companies.api';
import { companyLists } from './companies.cache';
import { CompaniesTable } from './companies-table';
import { CompanyDialog } from './company.dialog';
import { CompanyHoursDialog } from './company-hours.dialog';
import { TicketzImportDialog } from './ticketz-import.dialog';

type Editing = { company: CompanyAdmin | null } | null;

/**
 * The super user's companies (spec 001 §2): the /companies page and the settings' Empresas tab.
 * `header` lays out the search and add button: a page header on the page, a toolbar in the tab.
 */
export function CompaniesPanel({ header }: { header: (tools: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useCompanyList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [hoursOf, setHoursOf] = useState<CompanyAdmin | null>(null);
  const [deleting, setDeleting] = useState<CompanyAdmin | null>(null);
  const [importing, setImporting] = useState(false);
  const renew = useRenewCompany();
  const deleteCompany = useDeleteCompany();

  const renewCompany = (company: CompanyAdmin) =>
    renew.mutate(company.id, {
      onSuccess: (renewed) =>
        toast.success(t('companies.list.renewed', { name: renewed.name, date: formatDate(renewed.dueDate) })),
      onError: (error) => toast.apiError(error),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    deleteCompany.mutate(deleting.id, {
      onSuccess: () => toast.success(t('companies.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {header(
        <>
          <SearchField label={t('companies.list.search')} value={search} onChange={setSearch} />
          <Button
            variant="outlined"
            onClick={() => setImporting(true)}
            aria-label={t('companies.import.open')}
            sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
          >
            <MoveToInboxIcon fontSize="small" />
            <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
              {t('companies.import.open')}
            </Box>
          </Button>
          <AddButton label={t('companies.list.add')} onClick={() => setEditing({ company: null })} />
        </>,
      )}
      <ScrollPanel loadMore={loadMore}>
        <CompaniesTable
          companies={companyLists.flatten(list.data)}
          today={companyToday(me)}
          renewingId={renew.isPending ? renew.variables : undefined}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onRenew={renewCompany}
          onHours={setHoursOf}
          onEdit={(company) => setEditing({ company })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <CompanyDialog company={editing.company} onClose={() => setEditing(null)} />}
      {importing && <TicketzImportDialog onClose={() => setImporting(false)} />}
      {hoursOf && <CompanyHoursDialog company={hoursOf} onClose={() => setHoursOf(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('companies.list.deleteTitle', { name: deleting.name })}
          message={t('companies.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteCompany.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
