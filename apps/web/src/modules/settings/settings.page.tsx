import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useSessionUser } from '../../shared/session/session-user';
import { PageHeader } from '../../shared/ui/page-header';
import { CompaniesPanel } from '../companies/companies-panel';
import { PlansPanel } from '../plans/plans-panel';
import { CompanyHours } from './company-hours';
import { SettingField } from './setting-field';
import { useSettings } from './settings.api';
import { useSettingsRealtime } from './settings.realtime';
import { sectionsToShow } from './settings-sections';

type SettingsTab = 'options' | 'companies' | 'plans';

/** A list tab's search and add button, above its table. */
const toolbar = (tools: ReactNode) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', mb: 2 }}>{tools}</Box>
);

/** A list tab takes the height left under the tabs, so its table scrolls and pages on its own. */
const SuperTab = ({ children }: { children: ReactNode }) => (
  <Box sx={{ height: { xs: '70dvh', md: 'calc(100dvh - 260px)' }, minHeight: 320 }}>{children}</Box>
);

/** The company's settings (spec 000 §3), and for the super user the companies and plans (spec 001 §2). */
export function SettingsPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  useSettingsRealtime();
  const settings = useSettings();
  const [tab, setTab] = useState<SettingsTab>('options');

  let content: ReactNode;
  if (settings.isPending) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  } else if (settings.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      >
        {errorMessage(settings.error)}
      </Alert>
    );
  } else {
    // The company's own hours count only then, as a queue's hours tab shows only for scheduleType queue.
    const companyHours = settings.data.some((s) => s.key === 'scheduleType' && s.value === 'company');
    content = sectionsToShow(settings.data, me.super).map(({ section, settings: shown }) => (
      <Fragment key={section}>
        <Box component="section" aria-labelledby={`settings-${section}`} sx={{ mb: 3 }}>
          <Typography id={`settings-${section}`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {t(`settings.sections.${section}`)}
          </Typography>
          <Paper variant="outlined">
            {shown.map((setting, index) => (
              <Fragment key={setting.key}>
                {index > 0 && <Divider />}
                <SettingField setting={setting} />
              </Fragment>
            ))}
          </Paper>
        </Box>
        {/* Under the choice that makes them count. */}
        {section === 'chatbot' && companyHours && <CompanyHours companyId={me.companyId} />}
      </Fragment>
    ));
  }

  return (
    <Box sx={{ height: '100%', minHeight: 0, overflow: 'auto' }}>
      <PageHeader title={t('settings.title')} />
      <Tabs
        value={tab}
        onChange={(_, next: SettingsTab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="options" label={t('settings.tabs.options')} id="settings-tab-options" />
        {/* The super user's tabs (spec 001 §2): the companies and their plans. */}
        {me.super && (
          <Tab value="companies" label={t('settings.tabs.companies')} id="settings-tab-companies" />
        )}
        {me.super && <Tab value="plans" label={t('settings.tabs.plans')} id="settings-tab-plans" />}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'options' && content}
        {tab === 'companies' && (
          <SuperTab>
            <CompaniesPanel header={toolbar} />
          </SuperTab>
        )}
        {tab === 'plans' && (
          <SuperTab>
            <PlansPanel header={toolbar} />
          </SuperTab>
        )}
      </Box>
    </Box>
  );
}
