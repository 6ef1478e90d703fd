import Alert from '@mui/material/Alert';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { ApiError } from '../../shared/api/http';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

/**
 * What a test call answered, kept in its form until the next attempt: the spec's success line, or the
 * refusal, with the fields the server named marked on their inputs.
 */
export function useTestSendOutcome<T extends FieldValues>(setError: UseFormSetError<T>, fields: Path<T>[]) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return {
    outcome,
    async run(call: () => Promise<unknown>) {
      setOutcome(null);
      try {
        await call();
        setOutcome({ severity: 'success', text: t('externalApi.test.sent') });
      } catch (error) {
        const named = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
        for (const [name, key] of named)
          if (fields.includes(name as Path<T>)) setError(name as Path<T>, { type: 'server', message: key });
        setOutcome({ severity: 'error', text: errorMessage(error) });
      }
    },
    dismiss: () => setOutcome(null),
  };
}

export function TestSendOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  if (!outcome) return null;
  return (
    <Alert severity={outcome.severity} onClose={onClose}>
      {outcome.text}
    </Alert>
  );
}
