import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The body as its sender wrote it, its transfer encoding undone. */
  text: string;
}

/**
 * A local SMTP sink: it speaks just enough SMTP (no TLS, no auth) to take every message a client
 * sends and keep it. Tests read `mails`; processes that cannot share memory with it (the e2e server's
 * browser tests) read them as JSON at `GET {httpUrl}/mails`.
 */
export async function startFakeSmtp() {
  const mails: ReceivedMail[] = [];
  const server = createServer((socket) => converse(socket, (mail) => mails.push(mail)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const http = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    httpUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    mails,
    async close() {
      await new Promise((resolve) => http.close(resolve));
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>;

function converse(socket: Socket, keep: (mail: ReceivedMail) => void) {
  let buffer = '';
  let envelope = { from: '', to: [] as string[] };
  let data: string[] | undefined;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 fake-smtp ESMTP');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) {
        if (line !== '.') {
          data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        keep({ ...envelope, ...parse(data) });
        envelope = { from: '', to: [] };
        data = undefined;
        reply('250 queued');
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250-fake-smtp\r\n250 8BITMIME');
      else if (verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') reply('250 ok');
      else if (verb === 'MAIL') {
        envelope.from = addressIn(line);
        reply('250 ok');
      } else if (verb === 'RCPT') {
        envelope.to.push(addressIn(line));
        reply('250 ok');
      } else if (verb === 'DATA') {
        data = [];
        reply('354 end with <CRLF>.<CRLF>');
      } else if (verb === 'QUIT') {
        reply('221 bye');
        socket.end();
      } else reply('502 not implemented');
    }
  });
}

const addressIn = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';

function parse(lines: string[]): Pick<ReceivedMail, 'subject' | 'text'> {
  const blank = lines.indexOf('');
  const headers = lines
    .slice(0, blank)
    .join('\n')
    .replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const body = lines.slice(blank + 1).join('\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
              String.fromCharCode(Number.parseInt(hex, 16)),
            ),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: decodeWords(header('Subject')), text };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `?B?`), as a non-ASCII subject arrives. */
const decodeWords = (value: string) =>
  value.replace(/=\?[^?]+\?([QB])\?([^?]*)\?=\s*/gi, (_match, kind: string, word: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(word, 'base64').toString('utf8')
      : Buffer.from(
          word
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
