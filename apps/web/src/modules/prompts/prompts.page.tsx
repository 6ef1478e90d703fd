import type { Prompt } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { PromptDialog } from './prompt.dialog';
import { useDeletePrompt, usePromptList } from './prompts.api';
import { promptLists } from './prompts.cache';
import { usePromptsRealtime } from './prompts.realtime';
import { PromptsTable } from './prompts-table';

type Editing = { prompt: Prompt | null } | null;

export function PromptsPage() {
  const { t } = useTranslation();
  usePromptsRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = usePromptList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Prompt | null>(null);
  const deletePrompt = useDeletePrompt();

  const confirmDelete = () => {
    if (!deleting) return;
    deletePrompt.mutate(deleting.id, {
      onSuccess: () => toast.success(t('prompts.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('prompts.list.title')}>
        <SearchField label={t('prompts.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('prompts.list.add')} onClick={() => setEditing({ prompt: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <PromptsTable
          prompts={promptLists.flatten(list.data)}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(prompt) => setEditing({ prompt })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <PromptDialog prompt={editing.prompt} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('prompts.list.deleteTitle', { name: deleting.name })}
          message={t('prompts.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deletePrompt.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
