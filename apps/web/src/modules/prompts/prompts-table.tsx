import type { Prompt } from '@balcao/shared';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { hideBelow } from '../../shared/ui/responsive';

interface Props extends PagedListState {
  prompts: Prompt[];
  onEdit: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
}

/** Spec 001 §2: name, queue, max tokens. */
export function PromptsTable({ prompts, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="prompts.list"
      emptyIcon={<AutoAwesomeOutlinedIcon />}
      columns={[
        { label: t('prompts.list.name') },
        { label: t('prompts.list.queue') },
        { label: t('prompts.list.maxTokens'), align: 'center', hideBelow: 'sm' },
        { label: t('prompts.list.actions'), align: 'right' },
      ]}
      rows={prompts}
      renderRow={(prompt) => (
        <TableRow hover>
          <TableCell>{prompt.name}</TableCell>
          <TableCell>{prompt.queue?.name ?? '—'}</TableCell>
          <TableCell align="center" sx={hideBelow('sm')}>
            {prompt.maxTokens}
          </TableCell>
          <EditDeleteCell
            editLabel={t('prompts.list.edit', { name: prompt.name })}
            deleteLabel={t('prompts.list.delete', { name: prompt.name })}
            onEdit={() => onEdit(prompt)}
            onDelete={() => onDelete(prompt)}
          />
        </TableRow>
      )}
    />
  );
}
