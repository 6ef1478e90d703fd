import { type FileList, saveFileListBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showServerError } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { FilePickButton } from '../../shared/ui/file-pick-button';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { useSaveFileList } from './files.api';

type FormInput = z.input<typeof saveFileListBody>;
type FormOutput = z.output<typeof saveFileListBody>;
const fieldNames = ['name', 'message', 'options'] as const;
/** What the picker offers; the server checks the bytes (png, jpg, gif, pdf, ogg, mp3, mp4). */
const ACCEPT = 'image/png,image/jpeg,image/gif,application/pdf,audio/ogg,audio/mpeg,video/mp4';

/** A list's name and message, and its rows, each with the file the bot sends under the row's name. */
export function FileListDialog({ list, onClose }: { list: FileList | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFileList();
  const { control, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    defaultValues: {
      name: list?.name ?? '',
      message: list?.message ?? '',
      options: list?.options.map((o) => ({ id: o.id, name: o.name })) ?? [],
    },
    resolver: zodResolver(saveFileListBody) as Resolver<FormInput, unknown, FormOutput>,
  });
  const rows = useFieldArray({ control, name: 'options', keyName: 'key' });
  const [picked, setPicked] = useState<Record<string, File>>({});
  const storedName = (id: number | undefined) => list?.options.find((o) => o.id === id)?.mediaName;

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: list?.id, body, files: rows.fields.map((row) => picked[row.key]) });
      toast.success(t('files.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, fieldNames);
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{list ? t('files.dialog.titleEdit') : t('files.dialog.titleAdd')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="name" label={t('files.fields.name')} required autoFocus />
          <TextInput
            control={control}
            name="message"
            label={t('files.fields.message')}
            required
            multiline
            minRows={2}
          />
          <Typography variant="subtitle2">{t('files.fields.options')}</Typography>
          {rows.fields.map((row, index) => (
            <Box
              key={row.key}
              role="group"
              aria-label={t('files.fields.option', { number: index + 1 })}
              sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
            >
              <TextInput
                control={control}
                name={`options.${index}.name`}
                label={t('files.fields.optionName')}
                size="small"
                sx={{ flex: 1 }}
              />
              <FilePickButton
                accept={ACCEPT}
                onPick={(file) => setPicked((current) => ({ ...current, [row.key]: file }))}
                size="small"
                variant="outlined"
                startIcon={<AttachFileIcon />}
              >
                <Typography variant="body2" noWrap sx={{ maxWidth: 140 }}>
                  {picked[row.key]?.name ?? storedName(row.id) ?? t('files.fields.pickFile')}
                </Typography>
              </FilePickButton>
              <IconButton
                aria-label={t('files.fields.removeOption', { number: index + 1 })}
                onClick={() => rows.remove(index)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => rows.append({ name: '' })}
            sx={{ alignSelf: 'start' }}
          >
            {t('files.fields.addOption')}
          </Button>
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
