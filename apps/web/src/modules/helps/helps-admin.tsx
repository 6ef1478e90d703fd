import type { Help } from '@balcao/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import type { PagedListState } from '../../shared/ui/paged-table';
import { HelpDialog } from './help.dialog';
import { useDeleteHelp } from './helps.api';
import { HelpsTable } from './helps-table';

interface Props extends PagedListState {
  records: Help[];
  /** A help video being edited (null: a new one), or undefined when the dialog is closed. */
  editing: Help | null | undefined;
  onEdit: (record: Help | null | undefined) => void;
}

/** The super user's tab: the table of help videos, their dialog and the delete confirmation. */
export function HelpsAdmin({ records, editing, onEdit, ...state }: Props) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<Help | null>(null);
  const deleteHelp = useDeleteHelp();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteHelp.mutate(deleting.id, {
      onSuccess: () => toast.success(t('helps.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <HelpsTable {...state} records={records} onEdit={onEdit} onDelete={setDeleting} />
      {editing !== undefined && <HelpDialog record={editing} onClose={() => onEdit(undefined)} />}
      {deleting && (
        <ConfirmDialog
          title={t('helps.list.deleteTitle', { name: deleting.title })}
          message={t('helps.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteHelp.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
