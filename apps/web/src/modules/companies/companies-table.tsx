import type { CompanyAdmin } from '@balcao/shared';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { CompanyRow } from './company-row';

interface Props extends PagedListState {
  companies: CompanyAdmin[];
  today: string;
  renewingId: number | undefined;
  onRenew: (company: CompanyAdmin) => void;
  onHours: (company: CompanyAdmin) => void;
  onEdit: (company: CompanyAdmin) => void;
  onDelete: (company: CompanyAdmin) => void;
}

/** Spec 001 §2 Companies: the columns in the spec's order. */
export function CompaniesTable({
  companies,
  today,
  renewingId,
  onRenew,
  onHours,
  onEdit,
  onDelete,
  ...state
}: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="companies.list"
      emptyIcon={<BusinessOutlinedIcon />}
      columns={[
        { label: t('companies.list.id'), hideBelow: 'md' },
        { label: t('companies.list.status'), hideBelow: 'sm' },
        { label: t('companies.list.name') },
        { label: t('companies.list.email'), hideBelow: 'md' },
        { label: t('companies.list.plan'), hideBelow: 'sm' },
        { label: t('companies.list.value'), hideBelow: 'md' },
        { label: t('companies.list.createdAt'), hideBelow: 'xl' },
        { label: t('companies.list.dueDate') },
        { label: t('companies.list.lastLogin'), hideBelow: 'xl' },
        { label: t('companies.list.actions'), align: 'right' },
      ]}
      rows={companies}
      renderRow={(company) => (
        <CompanyRow
          company={company}
          today={today}
          renewing={renewingId === company.id}
          onRenew={onRenew}
          onHours={onHours}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
    />
  );
}
