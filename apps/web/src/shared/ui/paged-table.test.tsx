import '../i18n/i18n';
import TableRow from '@mui/material/TableRow';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { EditDeleteCell } from './edit-delete-cell';
import { type PagedListState, PagedTable } from './paged-table';

interface Row {
  id: number;
  name: string;
}

const idle: PagedListState = {
  isLoading: false,
  error: null,
  isFetchingNextPage: false,
  searching: false,
  onRetry: () => undefined,
};

const renderTable = (rows: Row[], state: Partial<PagedListState> = {}, onDelete?: () => void) =>
  render(
    <PagedTable
      {...idle}
      {...state}
      texts="files.list"
      emptyIcon={null}
      columns={[
        { label: 'Photo', labelHidden: true },
        { label: 'Name' },
        { label: 'Files', align: 'center', hideBelow: 'sm' },
        { label: 'Actions', align: 'right' },
      ]}
      rows={rows}
      renderRow={(row) => (
        <TableRow>
          <td />
          <td>{row.name}</td>
          <td />
          <EditDeleteCell
            editLabel={`Edit ${row.name}`}
            deleteLabel={`Delete ${row.name}`}
            onEdit={() => undefined}
            onDelete={onDelete}
          />
        </TableRow>
      )}
    />,
  );

beforeEach(() => applyLanguage('en'));
afterEach(cleanup);

test('every column has a header, a photo column too, though its name is for screen readers only', () => {
  renderTable([{ id: 1, name: 'Price list' }]);

  const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
  expect(headers).toEqual(['Photo', 'Name', 'Files', 'Actions']);
  expect(getComputedStyle(screen.getByText('Photo')).position).toBe('absolute');
  expect(getComputedStyle(screen.getByText('Name')).position).not.toBe('absolute');
  expect(screen.getByRole('row', { name: /Price list/ })).toBeTruthy();
});

test('an empty list invites a first record, an empty search says nothing matched', () => {
  renderTable([]);
  expect(screen.getByText('No file lists yet')).toBeTruthy();
  cleanup();

  renderTable([], { searching: true });
  expect(screen.getByText('No file lists found')).toBeTruthy();
});

test('a failed first load shows why and retries on demand', () => {
  const onRetry = vi.fn();
  renderTable([], { error: new Error('boom'), onRetry });

  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('Could not load the list of records.');
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledOnce();
});

test('the table is busy while the next page loads', () => {
  renderTable([{ id: 1, name: 'Price list' }], { isFetchingNextPage: true });

  expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
});

test('a row offers delete only when the user may delete', () => {
  renderTable([{ id: 1, name: 'Price list' }]);
  expect(screen.getByRole('button', { name: 'Edit Price list' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Delete Price list' })).toBeNull();
  cleanup();

  const onDelete = vi.fn();
  renderTable([{ id: 1, name: 'Price list' }], {}, onDelete);
  fireEvent.click(screen.getByRole('button', { name: 'Delete Price list' }));
  expect(onDelete).toHaveBeenCalledOnce();
});
