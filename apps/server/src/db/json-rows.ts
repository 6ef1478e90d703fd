import { type Column, getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's rows read back from `to_jsonb(row)`, decoded by the table's own columns as drizzle
 * would decode them: how one statement answers rows of two tables (a write and what it updated).
 */
export function jsonRows<T extends Table>(table: T) {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  return (json: Record<string, unknown>): T['$inferSelect'] => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = json[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
