import { type PlanAdmin, planFlagKeys } from '@balcao/shared';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { hideBelow } from '../../shared/ui/responsive';

interface Props {
  plan: PlanAdmin;
  onEdit: (plan: PlanAdmin) => void;
  onDelete: (plan: PlanAdmin) => void;
}

export function PlanRow({ plan, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const features = planFlagKeys.filter((flag) => plan[flag]).map((flag) => t(`plans.flags.${flag}`));
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 500 }}>{plan.name}</TableCell>
      <TableCell align="center">{plan.users}</TableCell>
      <TableCell align="center">{plan.connections}</TableCell>
      <TableCell align="center" sx={hideBelow('sm')}>
        {plan.queues}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoney(plan.amount)}</TableCell>
      <TableCell sx={hideBelow('sm')}>{t(plan.isPublic ? 'plans.list.yes' : 'plans.list.no')}</TableCell>
      <TableCell sx={hideBelow('xl')}>
        {features.length ? features.join(', ') : t('plans.list.noFeatures')}
      </TableCell>
      <TableCell align="center" sx={hideBelow('md')}>
        {plan.companiesCount}
      </TableCell>
      <EditDeleteCell
        editLabel={t('plans.list.editPlan', { name: plan.name })}
        deleteLabel={t('plans.list.deletePlan', { name: plan.name })}
        onEdit={() => onEdit(plan)}
        onDelete={() => onDelete(plan)}
      />
    </TableRow>
  );
}
