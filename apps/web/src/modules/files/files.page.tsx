import type { FileList } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { FileListDialog } from './file-list.dialog';
import { useDeleteFileList, useFileListList } from './files.api';
import { fileLists } from './files.cache';
import { useFilesRealtime } from './files.realtime';
import { FilesTable } from './files-table';

type Editing = { list: FileList | null } | null;

export function FilesPage() {
  const { t } = useTranslation();
  useFilesRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useFileListList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FileList | null>(null);
  const deleteFileList = useDeleteFileList();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteFileList.mutate(deleting.id, {
      onSuccess: () => toast.success(t('files.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('files.list.title')}>
        <SearchField label={t('files.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('files.list.add')} onClick={() => setEditing({ list: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <FilesTable
          lists={fileLists.flatten(list.data)}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(row) => setEditing({ list: row })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <FileListDialog list={editing.list} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('files.list.deleteTitle', { name: deleting.name })}
          message={t('files.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteFileList.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
