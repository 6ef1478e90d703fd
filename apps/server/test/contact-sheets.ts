import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';

/** A workbook as a spreadsheet program writes it: one sheet of the given rows. */
export async function workbook(rows: unknown[][], sheetName = 'Contatos'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** POST /contacts/upload with the bytes as the multipart file. */
export function uploadSheet(app: FastifyInstance, token: string, bytes: Buffer, filename = 'contatos.xlsx') {
  const boundary = '----balcao';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`),
    Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/contacts/upload',
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}
