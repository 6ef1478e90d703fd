import { Readable } from 'node:stream';
import type { ReportTicket } from '@balcao/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createUser } from '../../../test/fixtures.js';
import { companyHidingNumbers, MASKED, NUMBER } from '../../../test/hidden-numbers.js';
import { seedReportDay, THE_DAY } from '../../../test/report-day.js';
import { ticketCycles } from '../../db/schema/index.js';
import { xlsxStream } from '../../platform/sheets/xlsx-stream.js';
import { reportBatches } from './reports.export.js';

const app = await createTestApp();
afterAll(() => app.close());
let day: Awaited<ReturnType<typeof seedReportDay>>;
beforeAll(async () => {
  day = await seedReportDay(app);
});

async function download(query: string, token = day.users.admin.token) {
  const answer = await app.inject({
    method: 'GET',
    url: `/ticket/reports/export?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { headers: answer.headers, sheetName: sheet?.name, rows };
}

describe('the export', () => {
  test('relatorio-de-atendimentos.xlsx: its sheet, the header in the caller’s language, every row as the table shows it, dates on the company’s clock', async () => {
    const admin = await adminName();

    const { headers, sheetName, rows } = await download(`${THE_DAY}&language=en`);

    expect(headers['content-disposition']).toBe('attachment; filename="relatorio-de-atendimentos.xlsx"');
    expect(headers['x-total-rows']).toBe('5');
    expect(sheetName).toBe('RelatorioDeAtendimentos');
    expect(rows[0]).toEqual([
      'Connection',
      'Contact',
      'User',
      'Queue',
      'Status',
      'Last message',
      'Opened',
      'Closed',
      'Support time',
      'NPS',
    ]);
    expect(rows).toHaveLength(6);
    const [open, reopened, transferred, first, waiting] = rows.slice(1);
    // Empty cells are left out, as a spreadsheet program leaves them.
    expect(open?.slice(1)).toEqual([
      'Maria Report',
      admin,
      day.queues.queue1.name,
      'Open',
      undefined,
      '10/03/2026 23:30',
    ]);
    expect(reopened?.slice(4)).toEqual([
      'Closed',
      undefined,
      '10/03/2026 11:00',
      '11/03/2026 13:05',
      '26:05',
      7,
    ]);
    expect(transferred?.slice(2, 4)).toEqual(['Carlos', day.queues.queue2.name]);
    expect(transferred?.slice(8)).toEqual(['00:30', 3]);
    expect(first?.slice(6)).toEqual(['10/03/2026 09:00', '10/03/2026 09:45', '00:45', 10]);
    expect(waiting?.[4]).toBe('Awaiting rating');
    expect(waiting?.slice(8)).toEqual(['00:10']);
  });

  test('in Portuguese by default, with the same filters as the table', async () => {
    const { rows } = await download(`${THE_DAY}&users=[${day.users.carlos.id}]`);

    expect(rows[0]?.slice(0, 3)).toEqual(['Conexão', 'Contato', 'Usuário']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[4]).toBe('Fechado');
  });

  test('a name that is the hidden number is hidden in the export as in the table', async () => {
    const company = await companyHidingNumbers(app);
    const viewer = await createUser(app, company.tenant.companyId, { showDashboard: 'enabled' });
    await app.deps.db.insert(ticketCycles).values({
      companyId: company.tenant.companyId,
      ticketId: company.ticket.id,
      connectionId: company.ticket.connectionId,
    });

    const table = await call(app, 'GET', '/ticket/reports', { token: viewer.token });
    const { rows } = await download('', viewer.token);

    expect((table.body.tickets as ReportTicket[]).map((row) => row.contactName)).toEqual([MASKED]);
    expect(rows[1]?.[1]).toBe(MASKED);
    expect(JSON.stringify(rows)).not.toContain(NUMBER);
  });
});

describe('many rows go out a batch at a time', () => {
  test('the rows are read by keyset in batches of the given size, in the table’s order', async () => {
    const scope = {
      companyId: day.companyId,
      from: new Date('2026-03-10T03:00:00Z'),
      to: new Date('2026-03-11T03:00:00Z'),
      filters: {},
      numbersHidden: false,
    };
    const { c1, c2, c3, c4, c5 } = day.cycles;

    const batches: number[][] = [];
    for await (const rows of reportBatches(app.deps.db, scope, 2))
      batches.push(rows.map((row) => row.cycleId));

    expect(batches).toEqual([[c3.id, c2.id], [c4.id, c1.id], [c5.id]]);
  });

  test('the workbook asks for the next batch only when its reader has taken what came before', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield Array.from({ length: 1000 }, (_, n) => [`row ${pulled}-${n}`, 'x'.repeat(200), n]);
      }
    }
    const stream = xlsxStream('Sheet', ['a', 'b', 'c'], endless());

    const reader = stream[Symbol.asyncIterator]();
    for (let read = 0; read < 3; read++) await reader.next();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const whilePaused = pulled;
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(whilePaused).toBeLessThan(10);
    expect(pulled).toBe(whilePaused);
    stream.destroy();
  });

  test('what it writes is a workbook a spreadsheet program reads: text kept as text, numbers as numbers', async () => {
    async function* rows() {
      yield [['=1+1', 'a & <b> "c"\u0001', 3]];
    }
    const bytes = Buffer.concat(await Readable.from(xlsxStream('Folha', ['x', 'y', 'z'], rows())).toArray());

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);

    const sheet = workbook.getWorksheet('Folha');
    expect(sheet?.getRow(2).values).toEqual([undefined, '=1+1', 'a & <b> "c"', 3]);
  });
});

async function adminName() {
  const users = await call(app, 'GET', '/users/list', { token: day.users.admin.token });
  return (users.body as { id: number; name: string }[]).find((u) => u.id === day.users.admin.id)?.name;
}
