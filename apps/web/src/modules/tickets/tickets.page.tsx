import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageHeader } from '../../shared/ui/page-header';

/** The inbox's landing: until the ticket list arrives there is nothing to list, and it says so. */
export function TicketsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('tickets.list.title')} />
      <Paper variant="outlined">
        <EmptyState
          icon={<ForumOutlinedIcon />}
          title={t('tickets.list.emptyTitle')}
          description={t('tickets.list.emptyText')}
        />
      </Paper>
    </>
  );
}
