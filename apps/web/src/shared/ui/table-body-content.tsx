import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function FullWidthRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ borderBottom: 0 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

interface Props {
  columns: number;
  isLoading: boolean;
  skeletonRows?: number;
  /** The failure to show with a retry, when nothing is on screen yet. */
  loadError?: string;
  onRetry: () => void;
  hasRows: boolean;
  empty: ReactNode;
  children: ReactNode;
}

/** What every list table's body shows: placeholders, the error with a retry, the empty state, or the rows. */
export function TableBodyContent({
  columns,
  isLoading,
  skeletonRows = 5,
  loadError,
  onRetry,
  hasRows,
  empty,
  children,
}: Props) {
  const { t } = useTranslation();
  if (isLoading) {
    return Array.from({ length: skeletonRows }, (_v, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <TableRow key={i}>
        <TableCell colSpan={columns}>
          <Skeleton height={36} />
        </TableCell>
      </TableRow>
    ));
  }
  if (loadError && !hasRows) {
    return (
      <FullWidthRow columns={columns}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common.actions.retry')}
            </Button>
          }
        >
          {loadError}
        </Alert>
      </FullWidthRow>
    );
  }
  if (!hasRows) return <FullWidthRow columns={columns}>{empty}</FullWidthRow>;
  return children;
}

/** A paged list's whole body: `TableBodyContent`, and a spinner row while the next page loads. */
export function PagedTableBody({ isFetchingNextPage, ...props }: Props & { isFetchingNextPage: boolean }) {
  return (
    <TableBody>
      <TableBodyContent {...props} />
      {isFetchingNextPage && (
        <FullWidthRow columns={props.columns}>
          <CircularProgress size={24} sx={{ display: 'block', mx: 'auto' }} />
        </FullWidthRow>
      )}
    </TableBody>
  );
}
