import { can, type Help } from '@balcao/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { HelpVideoDialog } from './help-video.dialog';
import { useHelpList } from './helps.api';
import { helpLists } from './helps.keys';
import { useHelpsRealtime } from './helps.realtime';
import { HelpsAdmin } from './helps-admin';
import { HelpsGrid } from './helps-grid';

type View = 'videos' | 'manage';

/** Spec 001 §2: every user's grid of help videos; the super user also manages them here. */
export function HelpsPage() {
  const { t } = useTranslation();
  const mayManage = can(useSessionUser(), 'helps:manage');
  const [view, setView] = useState<View>('videos');
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useHelpList(searchParam);
  useHelpsRealtime();
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [playing, setPlaying] = useState<Help | null>(null);
  const [editing, setEditing] = useState<Help | null | undefined>(undefined);
  const state = {
    isLoading: list.isPending,
    error: list.error,
    isFetchingNextPage: list.isFetchingNextPage,
    searching: searchParam !== '',
    onRetry: () => void list.refetch(),
  };
  const helps = helpLists.flatten(list.data);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('helps.title')}>
        <SearchField label={t('helps.list.search')} value={search} onChange={setSearch} />
        {mayManage && (
          <AddButton
            label={t('helps.list.add')}
            onClick={() => {
              setView('manage');
              setEditing(null);
            }}
          />
        )}
      </PageHeader>
      {mayManage && (
        <Tabs value={view} onChange={(_event, next: View) => setView(next)} sx={{ mb: 1 }}>
          <Tab
            value="videos"
            label={t('helps.tabs.videos')}
            id="helps-tab-videos"
            aria-controls="helps-panel"
          />
          <Tab
            value="manage"
            label={t('helps.tabs.manage')}
            id="helps-tab-manage"
            aria-controls="helps-panel"
          />
        </Tabs>
      )}
      <ScrollPanel loadMore={loadMore}>
        <Box
          id="helps-panel"
          role={mayManage ? 'tabpanel' : undefined}
          aria-labelledby={mayManage ? `helps-tab-${view}` : undefined}
        >
          {view === 'manage' ? (
            <HelpsAdmin {...state} records={helps} editing={editing} onEdit={setEditing} />
          ) : (
            <HelpsGrid {...state} helps={helps} onPlay={setPlaying} />
          )}
        </Box>
      </ScrollPanel>
      {playing && <HelpVideoDialog help={playing} onClose={() => setPlaying(null)} />}
    </Box>
  );
}
