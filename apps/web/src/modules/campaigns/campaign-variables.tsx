import { type CampaignVariable, campaignVariableSchema } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { useSaveCampaignSettings } from './campaigns-settings.api';

/** Spec 001 §2: the custom variables (`{key}` in a message); a key already in the table is not added. */
export function CampaignVariables({ variables }: { variables: CampaignVariable[] }) {
  const { t } = useTranslation();
  const save = useSaveCampaignSettings();
  const { control, handleSubmit, reset, setError, formState } = useForm<CampaignVariable>({
    defaultValues: { key: '', value: '' },
    resolver: zodResolver(campaignVariableSchema),
  });

  const store = async (next: CampaignVariable[], done: string) => {
    await save.mutateAsync({ variables: next });
    toast.success(t(done));
  };

  const add = handleSubmit(async (variable) => {
    if (variables.some((known) => known.key === variable.key))
      return setError('key', { type: 'duplicate', message: 'campaignVariableTaken' });
    try {
      await store([...variables, variable], 'campaigns.settings.variableAdded');
      reset();
    } catch (error) {
      toast.apiError(error);
    }
  });

  const remove = (key: string) =>
    store(
      variables.filter((variable) => variable.key !== key),
      'campaigns.settings.variableRemoved',
    ).catch((error: unknown) => toast.apiError(error));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {t('campaigns.settings.variables')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={add}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr auto' },
          alignItems: 'start',
        }}
      >
        <TextInput control={control} name="key" label={t('campaigns.settings.key')} required />
        <TextInput control={control} name="value" label={t('campaigns.settings.value')} />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          loading={formState.isSubmitting}
          sx={{ mt: 1 }}
        >
          {t('campaigns.settings.addVariable')}
        </Button>
      </Box>
      <Table size="small" aria-label={t('campaigns.settings.variables')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('campaigns.settings.key')}</TableCell>
            <TableCell>{t('campaigns.settings.value')}</TableCell>
            <TableCell align="right">{t('campaigns.list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {variables.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                {t('campaigns.settings.noVariables')}
              </TableCell>
            </TableRow>
          )}
          {variables.map((variable) => (
            <TableRow key={variable.key}>
              <TableCell>{`{${variable.key}}`}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{variable.value}</TableCell>
              <TableCell align="right">
                <IconButton
                  size="small"
                  aria-label={t('campaigns.settings.removeVariable', { key: variable.key })}
                  disabled={save.isPending}
                  onClick={() => void remove(variable.key)}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
