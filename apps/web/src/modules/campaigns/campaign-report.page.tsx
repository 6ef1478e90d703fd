import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EventIcon from '@mui/icons-material/Event';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import MarkChatReadOutlinedIcon from '@mui/icons-material/MarkChatReadOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleAltOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import CheckCircleOutlineIcon from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { formatZonedDateMinute } from '../../shared/format';
import { useSessionUser } from '../../shared/session/session-user';
import { PageHeader } from '../../shared/ui/page-header';
import { campaignLabels } from './campaign-labels';
import { deliveredPercent, FINISHED_REFRESH_MS } from './campaign-report';
import { useCampaignReport } from './campaigns.api';
import { campaignsKeys } from './campaigns.keys';
import { useCampaignsRealtime } from './campaigns.realtime';
import { ReportCard } from './report-card';

export function CampaignReportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().campaignId);
  const timeZone = useSessionUser().company.timezone;
  useCampaignsRealtime();
  const queryClient = useQueryClient();
  const report = useCampaignReport(id);
  const data = report.data;
  const finished = data?.campaign.status === 'FINALIZADA';

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: campaignsKeys.report(id) }),
      FINISHED_REFRESH_MS,
    );
    return () => clearTimeout(timer);
  }, [finished, id, queryClient]);

  const back = (
    <Button component={Link} to="/campaigns" startIcon={<ArrowBackIcon />}>
      {t('campaigns.report.back')}
    </Button>
  );
  if (report.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  if (!data)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <PageHeader title={t('campaigns.report.heading')}>{back}</PageHeader>
        <Alert severity="error">{errorMessage(report.error)}</Alert>
      </Box>
    );

  const labels = campaignLabels(data.campaign, t, timeZone);
  const percent = deliveredPercent(data);
  const cards = [
    { key: 'validContacts', value: data.validContacts, icon: <PeopleOutlineIcon color="primary" /> },
    ...(data.campaign.confirmation
      ? [
          {
            key: 'confirmationRequested',
            value: data.confirmationRequested,
            icon: <HelpOutlineIcon color="primary" />,
          },
          {
            key: 'confirmationReceived',
            value: data.confirmationReceived,
            icon: <MarkChatReadOutlinedIcon color="primary" />,
          },
        ]
      : []),
    { key: 'delivered', value: data.delivered, icon: <DoneAllIcon color="success" /> },
    { key: 'failed', value: data.failed + data.declined, icon: <HighlightOffIcon color="error" /> },
    { key: 'connection', value: labels.connections, icon: <SyncAltIcon color="primary" /> },
    { key: 'contactList', value: labels.contactList, icon: <ContactPhoneOutlinedIcon color="primary" /> },
    { key: 'schedule', value: labels.scheduledAt, icon: <EventIcon color="primary" /> },
    { key: 'conclusion', value: labels.completedAt, icon: <CheckCircleOutlineIcon color="primary" /> },
    {
      key: 'expectedFinish',
      value: data.expectedFinishAt
        ? formatZonedDateMinute(data.expectedFinishAt, timeZone)
        : t('campaigns.report.nothingPending'),
      icon: <AccessTimeIcon color="primary" />,
    },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pb: 2 }}>
      <PageHeader title={t('campaigns.report.title', { name: data.campaign.name })}>{back}</PageHeader>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>
          {t('campaigns.report.status')}: <strong>{labels.status}</strong>
        </Typography>
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('campaigns.report.progress')}
            sx={{ height: 10, borderRadius: 1 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('campaigns.report.progressText', {
              delivered: data.delivered,
              total: data.validContacts,
              percent,
            })}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {cards.map((card) => (
            <ReportCard
              key={card.key}
              label={t(`campaigns.report.${card.key}`)}
              value={card.value}
              icon={card.icon}
            />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
