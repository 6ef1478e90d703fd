import type { Invoice } from '@balcao/shared';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { companyToday } from '../../shared/session/session.store';
import { useSessionUser } from '../../shared/session/session-user';
import { ScrollPanel } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { PagedTable } from '../../shared/ui/paged-table';
import { useInvoices } from './financeiro.api';
import { InvoiceRow } from './invoice-row';
import { SubscriptionDialog } from './subscription.dialog';

/** 'Faturas (n)' (spec 001 §2): the company's invoices, each unpaid one with its PAGAR. */
export function InvoicesPanel() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const list = useInvoices();
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const invoices = list.data?.pages.flatMap((page) => page.invoices) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;
  const today = companyToday(me);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <PageHeader title={t('financeiro.invoices.title', { count })} />
      <ScrollPanel loadMore={loadMore}>
        <PagedTable
          texts="financeiro.invoices"
          emptyIcon={<ReceiptLongOutlinedIcon />}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={false}
          onRetry={() => void list.refetch()}
          columns={[
            { label: t('financeiro.invoices.detail') },
            { label: t('financeiro.invoices.users'), align: 'center', hideBelow: 'md' },
            { label: t('financeiro.invoices.connections'), align: 'center', hideBelow: 'md' },
            { label: t('financeiro.invoices.queues'), align: 'center', hideBelow: 'md' },
            { label: t('financeiro.invoices.value'), align: 'right' },
            { label: t('financeiro.invoices.dueDate') },
            { label: t('financeiro.invoices.statusColumn'), hideBelow: 'sm' },
            { label: t('financeiro.invoices.action'), align: 'right' },
          ]}
          rows={invoices}
          renderRow={(invoice) => <InvoiceRow invoice={invoice} today={today} onPay={setPaying} />}
        />
      </ScrollPanel>
      {paying && <SubscriptionDialog invoice={paying} onClose={() => setPaying(null)} />}
    </Box>
  );
}
