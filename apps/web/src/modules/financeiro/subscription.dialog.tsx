import { customPlanPrice, type Invoice, type PixCharge } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../shared/format';
import { toast } from '../../shared/toast/toast.store';
import { useSubscribe } from './financeiro.api';
import { PayerStep } from './payer-step';
import { PixPayment } from './pix-payment';
import { PlanStep } from './plan-step';
import { emptyPayer, type PayerForm, type PlanChoice, payerForm } from './subscription.form';

const STEPS = ['data', 'customize', 'review'] as const;

/**
 * 'Falta pouco!' (spec 001 §2): Dados, Personalizar, Revisar, then the Pix charge. PRÓXIMO moves on
 * from the data; choosing a plan moves on from step 1 (no submit there); Back and PAGAR on the review.
 */
export function SubscriptionDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<PlanChoice>({ custom: null });
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const subscribe = useSubscribe();
  const { control, handleSubmit, getValues } = useForm<PayerForm>({
    defaultValues: emptyPayer,
    resolver: zodResolver(payerForm),
  });

  const submit = handleSubmit(async (payer) => {
    if (step === 0) return setStep(1);
    try {
      setCharge(await subscribe.mutateAsync({ ...payer, invoiceId: invoice.id, custom: choice.custom }));
      toast.success(t('financeiro.wizard.subscribed'));
    } catch (error) {
      toast.apiError(error);
    }
  });
  const price = choice.custom
    ? customPlanPrice(choice.custom.users, choice.custom.connections)
    : invoice.value;

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{t('financeiro.wizard.title')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {charge ? (
            <PixPayment charge={charge} />
          ) : (
            <>
              <Stepper activeStep={step} alternativeLabel>
                {STEPS.map((name) => (
                  <Step key={name}>
                    <StepLabel>{t(`financeiro.wizard.steps.${name}`)}</StepLabel>
                  </Step>
                ))}
              </Stepper>
              {step === 0 && <PayerStep control={control} />}
              {step === 1 && (
                <PlanStep
                  invoice={invoice}
                  onChoose={(next) => {
                    setChoice(next);
                    setStep(2);
                  }}
                />
              )}
              {step === 2 && (
                <Box>
                  <Typography>{`${getValues('firstName')} ${getValues('lastName') ?? ''}`.trim()}</Typography>
                  <Typography>
                    {t('financeiro.wizard.reviewInvoice', {
                      detail: invoice.detail,
                      date: formatDate(invoice.dueDate),
                    })}
                  </Typography>
                  <Typography>
                    {choice.custom
                      ? t('financeiro.wizard.reviewCustom', { ...choice.custom, price: formatMoney(price) })
                      : t('financeiro.wizard.reviewPlan', { price: formatMoney(price) })}
                  </Typography>
                </Box>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('financeiro.wizard.close')}</Button>
          {!charge && step === 2 && <Button onClick={() => setStep(1)}>{t('financeiro.wizard.back')}</Button>}
          {!charge && step !== 1 && (
            <Button type="submit" variant="contained" disabled={subscribe.isPending}>
              {step === 2 ? t('financeiro.wizard.pay') : t('financeiro.wizard.next')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
