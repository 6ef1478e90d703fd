import type { Campaign } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { SelectInput, SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session/session.store';
import { toast } from '../../shared/toast/toast.store';
import { useConnections } from '../connections/connections.api';
import { useTagOptions } from '../contacts/contacts.api';
import {
  type CampaignForm,
  campaignBody,
  campaignForm,
  dialogMode,
  formValues,
  variableTokens,
} from './campaign-form';
import { CampaignMediaField } from './campaign-media-field';
import { CampaignMessages } from './campaign-messages';
import { CampaignStatusActions } from './campaign-status-actions';
import { CampaignTemplateField } from './campaign-template-field';
import { useCampaign, useCampaignMedia, useContactListOptions, useSaveCampaign } from './campaigns.api';
import { useCampaignSettings } from './campaigns-settings.api';
import { ConnectionsSelect } from './connections-select';

const fieldNames = [
  'name',
  'connectionIds',
  'contactListId',
  'tagListId',
  'scheduledAt',
  'message1',
  'message2',
  'message3',
  'message4',
  'message5',
  'confirmationMessage1',
] as const;

interface Props {
  campaign: Campaign | null;
  onClose: () => void;
}

export function CampaignDialog({ campaign: opened, onClose }: Props) {
  const { t } = useTranslation();
  const campaign = useCampaign(opened).data ?? opened;
  const timeZone = useSession().user?.company.timezone ?? 'America/Sao_Paulo';
  const save = useSaveCampaign();
  const media = useCampaignMedia();
  const connections = useConnections().data ?? [];
  const tags = useTagOptions().data ?? [];
  const lists = useContactListOptions().data ?? [];
  const variables = useCampaignSettings().data?.variables ?? [];
  const mode = dialogMode(campaign);
  const locked = mode !== 'edit';
  // A file picked here, or null once the saved one is to be removed; undefined keeps what is saved.
  const [attachment, setAttachment] = useState<File | null | undefined>(undefined);
  const shownAttachment = attachment === undefined ? campaign?.mediaName : attachment?.name;
  const { control, handleSubmit, setError, watch, formState } = useForm<CampaignForm>({
    defaultValues: formValues(opened, timeZone),
    resolver: zodResolver(campaignForm),
  });

  const chosenIds = watch('connectionIds');
  const cloudIds = chosenIds.filter(
    (id) => connections.find((connection) => connection.id === id)?.channel === 'whatsappapi',
  );

  const submit = handleSubmit(async (form) => {
    try {
      // A template is sent only on Cloud API connections: without one chosen, it is dropped with its field.
      const body = campaignBody({ ...form, template: cloudIds.length ? form.template : null }, timeZone);
      const saved = await save.mutateAsync({ id: campaign?.id, body });
      if (attachment !== undefined && (attachment || saved.mediaName))
        await media.mutateAsync({ id: saved.id, file: attachment });
      toast.success(t('campaigns.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, fieldNames);
    }
  });

  const title = !campaign
    ? t('campaigns.dialog.titleAdd')
    : mode === 'readOnly'
      ? t('campaigns.dialog.titleView')
      : t('campaigns.dialog.titleEdit');
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <TextInput
              control={control}
              name="name"
              label={t('campaigns.fields.name')}
              required
              disabled={locked}
              autoFocus
            />
            <SwitchInput
              control={control}
              name="confirmation"
              label={t('campaigns.fields.confirmation')}
              disabled={locked}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <SelectInput
              control={control}
              name="contactListId"
              label={t('campaigns.fields.contactList')}
              disabled={locked}
              options={[
                { value: '', label: t('campaigns.fields.none') },
                ...lists.map((list) => ({ value: list.id, label: list.name })),
              ]}
            />
            <SelectInput
              control={control}
              name="tagListId"
              label={t('campaigns.fields.tagList')}
              disabled={locked}
              options={[
                { value: '', label: t('campaigns.fields.none') },
                ...tags.map((tag) => ({ value: tag.id, label: tag.name })),
              ]}
            />
            <ConnectionsSelect control={control} options={connections} disabled={locked} />
            <TextInput
              control={control}
              name="scheduledAt"
              type="datetime-local"
              label={t('campaigns.fields.scheduledAt')}
              helperText={t('campaigns.fields.scheduleHint', { timeZone })}
              disabled={locked}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { lang: currentLanguage() } }}
            />
          </Box>
          {cloudIds.length > 0 && (
            <CampaignTemplateField
              control={control}
              errors={formState.errors.template}
              connectionIds={cloudIds}
              disabled={mode === 'readOnly'}
            />
          )}
          <CampaignMessages
            control={control}
            errors={formState.errors}
            confirmation={watch('confirmation')}
            disabled={mode === 'readOnly'}
            variables={variableTokens(variables)}
          />
          <CampaignMediaField
            name={shownAttachment}
            disabled={mode === 'readOnly'}
            onPick={setAttachment}
            onRemove={() => setAttachment(null)}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          {campaign && <CampaignStatusActions campaign={campaign} />}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose}>{t('campaigns.dialog.close')}</Button>
          {mode !== 'readOnly' && (
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              {t('common.actions.save')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
