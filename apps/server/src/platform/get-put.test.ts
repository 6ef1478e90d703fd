import { QUEUE_COLORS } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { createTenant, createTicket, createUser } from '../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

/**
 * What a GET answers, its PUT accepts (a client reads a record, changes one field and sends it back).
 * Each resource: the path that creates it, a body, and the path of the one record.
 */
test('every resource accepts back, unchanged, the record its GET answered', async () => {
  const tenant = await createTenant(app, { plan: { queues: 10 } });
  const token = tenant.admin.token;
  const attendant = await createUser(app, tenant.companyId);
  const ticket = await createTicket(app, tenant.companyId);
  const created = async (path: string, body: Record<string, unknown>) => {
    const answer = await call(app, 'POST', path, { token, body });
    expect(answer.status, `POST ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body as { id: number };
  };
  const queue = await created('/queue', {
    name: 'Vendas',
    color: QUEUE_COLORS[2],
    chatbots: [{ name: 'Planos', greetingMessage: 'Qual?', options: [{ name: 'Básico' }] }],
  });
  const records: string[] = [
    `/users/${attendant.id}`,
    `/queue/${queue.id}`,
    `/chatbot/${(await call(app, 'GET', `/queue/${queue.id}`, { token })).body.chatbots[0].id}`,
    `/whatsapp/${(await created('/whatsapp', { name: 'Site', channel: 'webchat' })).id}`,
    `/contacts/${(await created('/contacts', { name: 'Maria', number: '5511987654321' })).id}`,
    `/tags/${(await created('/tags', { name: 'VIP', color: '#A4CCCC' })).id}`,
    `/quick-messages/${(await created('/quick-messages', { shortcode: 'oi', message: 'Olá!' })).id}`,
    `/files/${(await created('/files', { name: 'Catálogo', message: 'Nosso catálogo', options: [] })).id}`,
    `/prompt/${(await created('/prompt', { name: 'Atendente', prompt: 'Seja gentil', apiKey: 'sk-1', queueId: queue.id, maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto' })).id}`,
    `/queueIntegration/${(await created('/queueIntegration', { type: 'webhook', name: 'Hook', urlN8N: 'https://example.com/hook' })).id}`,
    `/schedules/${(await created('/schedules', { body: 'Lembrete', contactId: ticket.contactId, sendAt: '2999-01-01T12:00:00-03:00' })).id}`,
    `/tickets/${ticket.id}`,
    `/campaigns/${(await created('/campaigns', { name: 'Natal', whatsappId: String(ticket.connectionId), message1: 'Feliz Natal', scheduledAt: '2999-12-24T09:00' })).id}`,
  ];
  const contactList = await created('/contact-lists', { name: 'Clientes' });
  records.push(
    `/contact-lists/${contactList.id}`,
    `/contact-list-items/${(await created('/contact-list-items', { contactListId: contactList.id, name: 'Ana', number: '11988880001' })).id}`,
  );

  const refused: string[] = [];
  for (const path of records) {
    const read = await call(app, 'GET', path, { token });
    expect(read.status, `GET ${path}`).toBe(200);
    const written = await call(app, 'PUT', path, { token, body: read.body });
    if (written.status >= 300)
      refused.push(`PUT ${path} → ${written.status} ${JSON.stringify(written.body)}`);
  }
  expect(refused).toEqual([]);
});
