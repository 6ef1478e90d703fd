import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { botCompany, fakeClock } from '../../test/conversation.js';
import { contacts, messages } from '../db/schema/index.js';
import { receiveDeletion } from './lgpd.js';

const app = await createTestApp();
afterAll(() => app.close());

const CONSENT = [
  'Tratamos seus dados conforme a LGPD.',
  'https://exemplo.com.br/privacidade',
  'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n[ 1 ] - Sim\n[ 2 ] - Não',
];
const MENU = 'Olá! Escolha uma opção:\n\n[ 1 ] - Vendas\n[ 2 ] - Suporte\n[ Sair ] - Encerrar atendimento';

async function lgpdCompany(consent: 'enabled' | 'disabled' = 'disabled') {
  const bot = await botCompany(app, { maxUseBotQueues: 2 });
  await bot.queue('Vendas');
  await bot.queue('Suporte');
  await bot.setting('enableLGPD', 'enabled');
  await bot.setting('lgpdMessage', 'Tratamos seus dados conforme a LGPD.');
  await bot.setting('lgpdLink', 'https://exemplo.com.br/privacidade');
  await bot.setting('lgpdConsent', consent);
  return bot;
}

describe('LGPD consent', () => {
  test('"1" records the consent and the menu follows; a later ticket is not asked again', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await lgpdCompany();
    const customer = bot.customer();

    expect(await customer.says('Oi')).toEqual(CONSENT);
    expect(await customer.ticket()).toMatchObject({ status: 'lgpd' });
    expect(await customer.says('1')).toEqual([MENU]);
    const ticket = await customer.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queueId: null });
    const [contact] = await app.deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
    expect(contact?.lgpdAcceptedAt).toEqual(new Date('2026-03-02T15:00:00Z'));
    expect((await customer.logs()).map((l) => l.type)).toEqual(['create', 'lgpd']);

    await customer.says('sair');
    await customer.received();
    expect(await customer.says('Voltei')).toEqual([MENU]);
  });

  test('with lgpdConsent on, every new ticket asks again', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await lgpdCompany('enabled');
    const customer = bot.customer();
    await customer.says('Oi');
    await customer.says('1');
    await customer.says('sair');
    await customer.received();
    expect(await customer.says('Voltei')).toEqual(CONSENT);
  });

  test('"2" closes the ticket with the closing message', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await lgpdCompany();
    const customer = bot.customer();
    await customer.says('Oi');
    expect(await customer.says('2')).toEqual(['Atendimento encerrado. Obrigado!']);
    expect(await customer.ticket()).toMatchObject({ status: 'closed' });
  });

  test('anything else asks again up to maxUseBotQueues times, then closes: nobody serves without consent', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await lgpdCompany();
    const customer = bot.customer();
    await customer.says('Oi');
    expect(await customer.says('talvez')).toEqual(['Opção inválida, tente novamente.', ...CONSENT]);
    expect(await customer.ticket()).toMatchObject({ status: 'lgpd' });
    expect(await customer.says('hã?')).toEqual(['Atendimento encerrado. Obrigado!']);
    expect(await customer.ticket()).toMatchObject({ status: 'closed' });
  });

  test('the lgpd ticket is listed in its own tab, not among the waiting', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await lgpdCompany();
    await bot.customer().says('Oi');
    const token = bot.tenant.admin.token;
    expect((await call(app, 'GET', '/tickets?status=pending', { token })).body.tickets).toEqual([]);
    expect((await call(app, 'GET', '/tickets?status=lgpd', { token })).body.tickets).toHaveLength(1);
  });
});

describe('what the customer sends', () => {
  test('a message the customer deletes is erased with lgpdDeleteMessage, only marked deleted without it', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await botCompany(app, { greetingMessage: '' });
    const customer = bot.customer();
    await customer.says('meu CPF é 123');
    await customer.says('meu telefone é 9999');
    const stored = await app.deps.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, (await customer.ticket()).id))
      .orderBy(messages.id);
    const [first, second] = stored.map((m) => m.externalId as string);
    const place = { companyId: bot.companyId, connectionId: bot.connection.id };

    await receiveDeletion(app.deps, { ...place, externalId: first as string });
    await bot.setting('lgpdDeleteMessage', 'enabled');
    await receiveDeletion(app.deps, { ...place, externalId: second as string });

    const after = await app.deps.db
      .select({ body: messages.body, isDeleted: messages.isDeleted })
      .from(messages)
      .where(eq(messages.ticketId, (await customer.ticket()).id))
      .orderBy(messages.id);
    expect(after).toEqual([
      { body: 'meu CPF é 123', isDeleted: true },
      { body: '🚫 _Mensagem apagada_', isDeleted: true },
    ]);
  });

  test('audio is refused with a reply when the company or the contact does not take it', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await botCompany(app, { greetingMessage: '' });
    const customer = bot.customer();
    const refusal =
      'Infelizmente não conseguimos ouvir áudios por este canal de atendimento. Por favor, envie uma mensagem de texto.';

    expect(await customer.says('', 'audio')).toEqual([]);
    const ticket = await customer.ticket();
    await app.deps.db
      .update(contacts)
      .set({ acceptAudioMessage: false })
      .where(eq(contacts.id, ticket.contactId));
    expect(await customer.says('', 'audio')).toEqual([refusal]);
    await app.deps.db
      .update(contacts)
      .set({ acceptAudioMessage: true })
      .where(eq(contacts.id, ticket.contactId));
    await bot.setting('acceptAudioMessageContact', 'disabled');
    expect(await customer.says('', 'audio')).toEqual([refusal]);
    expect(await customer.says('texto')).toEqual([]);
  });
});
