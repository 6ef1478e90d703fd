import type { Contact } from '@balcao/shared';
import ContactsOutlinedIcon from '@mui/icons-material/ContactsOutlined';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow, visuallyHidden } from '../../shared/ui/responsive';
import { PagedTableBody } from '../../shared/ui/table-body-content';
import { type ContactActions, ContactRow } from './contact-row';

const COLUMNS = 7;

interface Props extends ContactActions {
  contacts: Contact[];
  isLoading: boolean;
  error: unknown;
  isFetchingNextPage: boolean;
  filtered: boolean;
  onRetry: () => void;
}

export function ContactsTable({
  contacts,
  isLoading,
  error,
  isFetchingNextPage,
  filtered,
  onRetry,
  ...actions
}: Props) {
  const { t } = useTranslation();
  return (
    <Table stickyHeader size="small" aria-busy={isLoading || isFetchingNextPage}>
      <TableHead>
        <TableRow>
          <TableCell>
            <Box component="span" sx={visuallyHidden}>
              {t('contacts.list.avatar')}
            </Box>
          </TableCell>
          <TableCell>{t('contacts.fields.name')}</TableCell>
          <TableCell sx={hideBelow('sm')}>{t('contacts.fields.number')}</TableCell>
          <TableCell sx={hideBelow('md')}>{t('contacts.fields.email')}</TableCell>
          <TableCell sx={hideBelow('md')}>{t('contacts.list.lastInteraction')}</TableCell>
          <TableCell align="center" sx={hideBelow('sm')}>
            {t('contacts.list.status')}
          </TableCell>
          <TableCell align="right">{t('contacts.list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <PagedTableBody
        isFetchingNextPage={isFetchingNextPage}
        columns={COLUMNS}
        isLoading={isLoading}
        loadError={error ? `${t('contacts.list.loadError')} ${errorMessage(error)}` : undefined}
        onRetry={onRetry}
        hasRows={contacts.length > 0}
        empty={
          <EmptyState
            icon={<ContactsOutlinedIcon />}
            title={filtered ? t('contacts.list.noMatchTitle') : t('contacts.list.emptyTitle')}
            description={filtered ? t('contacts.list.noMatchText') : t('contacts.list.emptyText')}
          />
        }
      >
        {contacts.map((contact) => (
          <ContactRow key={contact.id} contact={contact} {...actions} />
        ))}
      </PagedTableBody>
    </Table>
  );
}
