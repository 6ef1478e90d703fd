import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header';
import { CompaniesPanel } from './companies-panel';

/** /companies, the super user's alone (the route's guard sends others home with the spec's message). */
export function CompaniesPage() {
  const { t } = useTranslation();
  return (
    <CompaniesPanel header={(tools) => <PageHeader title={t('companies.list.title')}>{tools}</PageHeader>} />
  );
}
