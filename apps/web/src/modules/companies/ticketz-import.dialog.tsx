import type { TicketzImport } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import {
  useFollowedImport,
  useProbeTicketz,
  useStartTicketzImport,
  useTicketzImports,
} from './ticketz-import.api';
import { TicketzImportProgress } from './ticketz-import-progress';

/**
 * "Importar do Ticketz" (issue 26): the Ticketz database's address, then which of its companies, then
 * the import's steps live and its report. Closing leaves the import running; opening again shows it.
 */
export function TicketzImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const imports = useTicketzImports();
  const { shown, follow } = useFollowedImport(imports.data?.imports.find((row) => row.status === 'running'));
  const [again, setAgain] = useState(false);

  const started = (row: TicketzImport) => {
    setAgain(false);
    follow(row);
  };
  const body = () => {
    if (imports.isPending) return <CircularProgress aria-label={t('companies.import.loading')} />;
    if (imports.isError) return <Alert severity="error">{errorMessage(imports.error)}</Alert>;
    if (!imports.data.enabled)
      return (
        <Alert severity="info">
          {t('companies.import.disabled')} <code>IMPORT_DATABASE_HOSTS</code>
        </Alert>
      );
    if (shown && !again) return <TicketzImportProgress row={shown} />;
    return <ImportForm onStarted={started} />;
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{t('companies.import.title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {body()}
      </DialogContent>
      <DialogActions>
        {shown && !again && shown.status !== 'running' && (
          <Button onClick={() => setAgain(true)}>{t('companies.import.another')}</Button>
        )}
        <Button onClick={onClose}>{t('companies.import.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The address, checked by connecting; then the company, and the start. Errors show where they happen. */
function ImportForm({ onStarted }: { onStarted: (row: TicketzImport) => void }) {
  const { t } = useTranslation();
  const probe = useProbeTicketz();
  const start = useStartTicketzImport();
  const [url, setUrl] = useState('');
  const [companyId, setCompanyId] = useState<number | ''>('');
  const companies = probe.data?.companies;

  const connect = (event: FormEvent) => {
    event.preventDefault();
    setCompanyId('');
    start.reset();
    probe.mutate(url, {
      onSuccess: (answer) =>
        setCompanyId(answer.companies.length === 1 ? (answer.companies[0]?.id ?? '') : ''),
    });
  };
  const begin = () => {
    if (companyId === '') return;
    start.mutate({ url, companyId }, { onSuccess: onStarted });
  };

  return (
    <>
      <Box
        component="form"
        noValidate
        onSubmit={connect}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <TextField
          label={t('companies.import.url')}
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            probe.reset();
          }}
          placeholder="postgres://usuario:senha@host:5432/ticketz"
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          error={probe.isError}
          helperText={probe.isError ? errorMessage(probe.error) : t('companies.import.urlHint')}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!url.trim() || probe.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {probe.isPending ? t('companies.import.connecting') : t('companies.import.connect')}
        </Button>
      </Box>
      {companies && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextField
            select
            label={t('companies.import.company')}
            value={companyId}
            onChange={(event) => {
              setCompanyId(Number(event.target.value));
              start.reset();
            }}
            error={start.isError}
            helperText={start.isError ? errorMessage(start.error) : t('companies.import.companyHint')}
          >
            {companies.map((company) => (
              <MenuItem key={company.id} value={company.id}>
                #{company.id} · {company.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            onClick={begin}
            disabled={companyId === '' || start.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('companies.import.start')}
          </Button>
        </Box>
      )}
    </>
  );
}
