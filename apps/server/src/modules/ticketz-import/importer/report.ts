import type { TicketzNote, TicketzSkipReason } from '@balcao/shared';
import { noteText, skipText } from './report-english.js';

/** What happened to one source table's rows. */
export interface TableCounts {
  read: number;
  imported: number;
  /** Reason → rows: left out, or merged into a row already there. */
  skipped: Partial<Record<TicketzSkipReason, number>>;
}

export interface CompanyReport {
  sourceCompanyId: number;
  targetCompanyId?: number;
  tables: Record<string, TableCounts>;
  /** Things the command cannot carry over and says once (settings without an equivalent, …). */
  notes: TicketzNote[];
}

/**
 * Counts per table, and the progress line: rows per table, rate, and time left from the source's
 * row counts (estimates from the planner's statistics, so they cost nothing on a large table).
 */
/** Told what `tick` prints, as data: the companies screen's progress events. */
export type ProgressObserver = (
  report: CompanyReport,
  table: string,
  expected: number | undefined,
  done: boolean,
) => Promise<void>;

export class Progress {
  readonly report: CompanyReport;
  private readonly startedAt = new Map<string, number>();
  private lastPrint = 0;

  constructor(
    sourceCompanyId: number,
    private readonly print: (line: string) => void,
    private readonly observe?: ProgressObserver,
  ) {
    this.report = { sourceCompanyId, tables: {}, notes: [] };
  }

  counts(table: string): TableCounts {
    if (!this.startedAt.has(table)) this.startedAt.set(table, Date.now());
    this.report.tables[table] ??= { read: 0, imported: 0, skipped: {} };
    return this.report.tables[table];
  }

  skip(table: string, reason: TicketzSkipReason, rows = 1) {
    if (rows === 0) return;
    const counts = this.counts(table);
    counts.skipped[reason] = (counts.skipped[reason] ?? 0) + rows;
  }

  note(note: TicketzNote) {
    const text = JSON.stringify(note);
    if (!this.report.notes.some((said) => JSON.stringify(said) === text)) this.report.notes.push(note);
  }

  /** After each batch: one line at most every two seconds, and always at a table's end. */
  async tick(table: string, expected: number | undefined, done = false) {
    const now = Date.now();
    if (!done && now - this.lastPrint < 2000) return;
    await this.observe?.(this.report, table, expected, done);
    this.lastPrint = now;
    const counts = this.counts(table);
    const seconds = Math.max((now - (this.startedAt.get(table) ?? now)) / 1000, 0.001);
    const rate = counts.read / seconds;
    const left =
      expected && rate > 0 && !done
        ? ` ~${formatSeconds(Math.max(expected - counts.read, 0) / rate)} left`
        : '';
    const of = expected ? `/~${expected}` : '';
    this.print(
      `[company ${this.report.sourceCompanyId}] ${table}: ${counts.read}${of} read, ${counts.imported} imported, ${Math.round(rate)} rows/s${left}${done ? ' (done)' : ''}`,
    );
  }
}

const formatSeconds = (s: number) =>
  s < 90 ? `${Math.round(s)}s` : s < 5400 ? `${Math.round(s / 60)}min` : `${(s / 3600).toFixed(1)}h`;

/** The final report, as text for the terminal. */
export function formatReport(reports: CompanyReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    lines.push(
      `\nTicketz company ${report.sourceCompanyId} → Balcão company ${report.targetCompanyId ?? '(not imported)'}`,
    );
    lines.push(`  ${'table'.padEnd(22)} ${'read'.padStart(9)} ${'imported'.padStart(9)}  skipped`);
    for (const [table, c] of Object.entries(report.tables)) {
      const skipped = Object.entries(c.skipped)
        .map(([reason, n]) => `${n} ${skipText[reason as TicketzSkipReason]}`)
        .join('; ');
      lines.push(
        `  ${table.padEnd(22)} ${String(c.read).padStart(9)} ${String(c.imported).padStart(9)}  ${skipped || '-'}`,
      );
    }
    for (const note of report.notes) lines.push(`  note: ${noteText(note)}`);
  }
  return lines.join('\n');
}
