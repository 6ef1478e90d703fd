import type { FastifyInstance } from 'fastify';

export interface Part {
  filename: string;
  type: string;
  bytes: Buffer;
  fields?: Record<string, string>;
}

/** One file as a browser's FormData sends it, its text fields first. */
function multipart({ filename, type, bytes, fields = {} }: Part) {
  const boundary = '----balcao-media';
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...texts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** An attachment sent into a ticket (`POST /messages/{ticketId}/media`). */
export function sendMedia(app: FastifyInstance, ticketId: number, token: string, part: Part) {
  return postMultipart(app, `/messages/${ticketId}/media`, token, part);
}

/** One file, in the `medias` field, posted to `url`. */
export function postMultipart(app: FastifyInstance, url: string, token: string, part: Part) {
  const { payload, contentType } = multipart(part);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
}
