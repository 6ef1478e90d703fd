import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';
import { EmptyState } from './empty-state';
import { hideBelow, pinnedActions, visuallyHidden } from './responsive';
import { PagedTableBody } from './table-body-content';

/** What a list page passes down about its paged query. */
export interface PagedListState {
  isLoading: boolean;
  error: unknown;
  isFetchingNextPage: boolean;
  /** A search or filter is applied: an empty list is "no match", not "nothing yet". */
  searching: boolean;
  onRetry: () => void;
}

interface Column {
  label: string;
  align?: 'center' | 'right';
  /** The column gives way below this screen size; its row cells must hide the same way. */
  hideBelow?: 'sm' | 'md' | 'xl';
  /** The header is for screen readers only (a photo column). */
  labelHidden?: boolean;
}

interface Props<Row extends { id: number }> extends PagedListState {
  columns: Column[];
  rows: Row[];
  renderRow: (row: Row) => ReactNode;
  /** The translation section holding loadError, emptyTitle/Text and noMatchTitle/Text, e.g. `files.list`. */
  texts: string;
  emptyIcon: ReactNode;
  sx?: SxProps<Theme>;
}

/** A list page's table: the header row, then placeholders, the error, the empty state or the rows. */
export function PagedTable<Row extends { id: number }>({
  columns,
  rows,
  renderRow,
  texts,
  emptyIcon,
  sx,
  isLoading,
  error,
  isFetchingNextPage,
  searching,
  onRetry,
}: Props<Row>) {
  const { t } = useTranslation();
  const empty = searching ? 'noMatch' : 'empty';
  return (
    <Table
      stickyHeader
      size="small"
      aria-busy={isLoading || isFetchingNextPage}
      sx={[pinnedActions, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell
              key={column.label}
              align={column.align}
              // On a phone a long heading wraps rather than widen its column past the screen.
              sx={{
                whiteSpace: { xs: 'normal', sm: 'nowrap' },
                ...(column.hideBelow && hideBelow(column.hideBelow)),
              }}
            >
              {column.labelHidden ? (
                <Box component="span" sx={visuallyHidden}>
                  {column.label}
                </Box>
              ) : (
                column.label
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <PagedTableBody
        isFetchingNextPage={isFetchingNextPage}
        columns={columns.length}
        isLoading={isLoading}
        loadError={error ? `${t(`${texts}.loadError`)} ${errorMessage(error)}` : undefined}
        onRetry={onRetry}
        hasRows={rows.length > 0}
        empty={
          <EmptyState
            icon={emptyIcon}
            title={t(`${texts}.${empty}Title`)}
            description={t(`${texts}.${empty}Text`)}
          />
        }
      >
        {rows.map((row) => (
          <Fragment key={row.id}>{renderRow(row)}</Fragment>
        ))}
      </PagedTableBody>
    </Table>
  );
}
