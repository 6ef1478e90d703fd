import { type ExternalSendBody, externalSendResponse } from '@balcao/shared';
import { request } from '../../shared/api/http';

/** The external API's own address: the page calls it as any outside system would, with a connection token. */
export const EXTERNAL_SEND_PATH = '/api/messages/send';

export function sendTestText(token: string, body: Pick<ExternalSendBody, 'number' | 'body'>) {
  return request(EXTERNAL_SEND_PATH, { method: 'POST', body, bearer: token, schema: externalSendResponse });
}

export function sendTestMedia(token: string, number: string, file: File) {
  const form = new FormData();
  form.append('number', number);
  form.append('medias', file);
  return request(EXTERNAL_SEND_PATH, {
    method: 'POST',
    body: form,
    bearer: token,
    schema: externalSendResponse,
  });
}
