import { CUSTOM_PLAN_MINIMUM, customPlanPrice, type Invoice } from '@balcao/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format';
import { CountStepper } from './count-stepper';
import type { PlanChoice } from './subscription.form';

/** Personalizar: the invoice's plan, or a custom plan priced as spec 001 §9 says; choosing moves on. */
export function PlanStep({
  invoice,
  onChoose,
}: {
  invoice: Invoice;
  onChoose: (choice: PlanChoice) => void;
}) {
  const { t } = useTranslation();
  const [users, setUsers] = useState(CUSTOM_PLAN_MINIMUM);
  const [connections, setConnections] = useState(CUSTOM_PLAN_MINIMUM);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Card variant="outlined" sx={{ flex: 1 }}>
        <CardContent>
          <Typography variant="h6" component="h3">
            {invoice.detail}
          </Typography>
          <Typography>
            {t('financeiro.wizard.planLimits', { users: invoice.users, connections: invoice.connections })}
          </Typography>
          <Typography variant="h6">{formatMoney(invoice.value)}</Typography>
        </CardContent>
        <CardActions>
          <Button variant="contained" onClick={() => onChoose({ custom: null })}>
            {t('financeiro.wizard.choosePlan')}
          </Button>
        </CardActions>
      </Card>
      <Card variant="outlined" sx={{ flex: 1 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h3">
            {t('financeiro.wizard.custom')}
          </Typography>
          <CountStepper
            label={t('financeiro.wizard.customUsers')}
            value={users}
            min={CUSTOM_PLAN_MINIMUM}
            onChange={setUsers}
          />
          <CountStepper
            label={t('financeiro.wizard.customConnections')}
            value={connections}
            min={CUSTOM_PLAN_MINIMUM}
            onChange={setConnections}
          />
          <Typography variant="h6">
            {t('financeiro.wizard.perMonth', { price: formatMoney(customPlanPrice(users, connections)) })}
          </Typography>
        </CardContent>
        <CardActions>
          <Button variant="contained" onClick={() => onChoose({ custom: { users, connections } })}>
            {t('financeiro.wizard.chooseCustom')}
          </Button>
        </CardActions>
      </Card>
    </Stack>
  );
}
