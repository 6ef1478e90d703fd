import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { botCompany, everyDay, fakeClock } from '../../../test/conversation.js';
import { companies, messages, users } from '../../db/schema/index.js';
import { sendSchedule } from '../schedules/schedules.sender.js';

const app = await createTestApp();
afterAll(() => app.close());

// 15:04 UTC: 12:04 in São Paulo (Boa tarde), 00:04 the next day in Tokyo (Boa madrugada).
const NOW = '2026-03-02T15:04:00Z';

async function company(connection: Parameters<typeof botCompany>[1] = {}) {
  const bot = await botCompany(app, { name: 'Loja Centro', ...connection });
  await app.deps.db.update(users).set({ name: 'Ana Lima' }).where(eq(users.id, bot.tenant.admin.id));
  return bot;
}

/** A customer whose conversation an attendant (the admin) accepted. */
async function accepted(bot: Awaited<ReturnType<typeof company>>) {
  const customer = bot.customer('Maria Clara');
  await customer.says('Oi');
  const ticket = await customer.ticket();
  const token = bot.tenant.admin.token;
  expect((await call(app, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } })).status).toBe(
    200,
  );
  await customer.received();
  return { customer, ticket, token };
}

describe('variables in what the company writes reach the customer filled', () => {
  test('the connection greeting, a queue greeting and an option greeting', async () => {
    fakeClock(app, NOW);
    const bot = await company({ greetingMessage: '{{ms}}, {{firstName}}! Aqui é {{connection}}.' });
    const vendas = await bot.queue('Vendas', { greetingMessage: 'Fila {{queue}}, {{name}}.' });
    await bot.option(vendas.id, 'Pedidos', { greetingMessage: 'Pedidos de {{firstName}} às {{hour}}' });
    await bot.queue('Suporte');
    const customer = bot.customer('Maria Clara');

    expect(await customer.says('Oi')).toEqual([
      'Boa tarde, Maria! Aqui é Loja Centro.\n\n[ 1 ] - Vendas\n[ 2 ] - Suporte\n[ Sair ] - Encerrar atendimento',
    ]);
    expect(await customer.says('1')).toEqual([
      'Fila Vendas, Maria Clara.\n\n[ 1 ] - Pedidos\n[ # ] - Voltar ao menu principal\n[ Sair ] - Encerrar atendimento',
    ]);
    expect(await customer.says('1')).toEqual(['Pedidos de Maria às 12:04']);
  });

  test("in the company's time zone", async () => {
    fakeClock(app, NOW);
    const bot = await company({ greetingMessage: '{{ms}} {{date}} {{hour}}' });
    await app.deps.db
      .update(companies)
      .set({ timezone: 'Asia/Tokyo' })
      .where(eq(companies.id, bot.companyId));

    expect(await bot.customer().says('Oi')).toEqual(['Boa madrugada 03/03/2026 00:04']);
  });

  test('the out-of-hours message', async () => {
    fakeClock(app, NOW);
    const bot = await company({
      greetingMessage: '',
      outOfHoursMessage: '{{firstName}}, voltamos às 8h.',
      schedules: everyDay(['08:00', '09:00']),
    });
    await bot.setting('scheduleType', 'connection');

    expect(await bot.customer('Maria Clara').says('Oi')).toEqual(['Maria, voltamos às 8h.']);
  });

  test("an attendant's text (a quick message sent as text) and an unknown variable left as typed", async () => {
    fakeClock(app, NOW);
    const bot = await company({ greetingMessage: '' });
    const { customer, ticket, token } = await accepted(bot);

    const sent = await call(app, 'POST', `/messages/${ticket.id}`, {
      token,
      body: { body: 'Olá {{firstName}}, sou {{userName}}. Ticket {{ticket_id}}, {{protocol}}. {{cupom}}' },
    });

    expect(sent.status).toBe(201);
    expect(await customer.received()).toEqual([
      `Olá Maria, sou Ana Lima. Ticket ${ticket.id}, 20260302-${ticket.id}. {{cupom}}`,
    ]);
  });

  test("the attendant's farewell, else the connection's closing message", async () => {
    fakeClock(app, NOW);
    const bot = await company({ greetingMessage: '', complationMessage: 'Até logo, {{firstName}}!' });
    const first = await accepted(bot);
    await call(app, 'PUT', `/tickets/${first.ticket.id}`, { token: first.token, body: { status: 'closed' } });
    expect(await first.customer.received()).toEqual(['Até logo, Maria!']);

    await app.deps.db
      .update(users)
      .set({ farewellMessage: '{{userName}} agradece, {{name}}.' })
      .where(eq(users.id, bot.tenant.admin.id));
    const second = await accepted(bot);
    await call(app, 'PUT', `/tickets/${second.ticket.id}`, {
      token: second.token,
      body: { status: 'closed' },
    });
    expect(await second.customer.received()).toEqual(['Ana Lima agradece, Maria Clara.']);
  });

  test('the rating request', async () => {
    fakeClock(app, NOW);
    const bot = await company({
      greetingMessage: '',
      ratingMessage: '{{firstName}}, que nota nos dá de 0 a 10?',
    });
    await bot.setting('userRating', 'enabled');
    const { customer, ticket, token } = await accepted(bot);

    await call(app, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'closed' } });

    expect((await customer.received())[0]).toMatch(/^Maria, que nota nos dá de 0 a 10\?/);
  });

  test("a schedule's body", async () => {
    fakeClock(app, NOW);
    const bot = await company({ greetingMessage: '' });
    const { customer, ticket, token } = await accepted(bot);
    const created = await call(app, 'POST', '/schedules', {
      token,
      body: {
        body: 'Lembrete para {{firstName}}',
        contactId: ticket.contactId,
        connectionId: ticket.connectionId,
        sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);

    await sendSchedule(
      app.deps,
      { companyId: bot.companyId, scheduleId: created.body.id },
      new Date(Date.now() + 7_200_000),
    );

    expect(await customer.received()).toEqual(['Lembrete para Maria']);
  });

  test('a forwarded copy keeps the text it had', async () => {
    fakeClock(app, NOW);
    const bot = await company({ greetingMessage: '' });
    const { customer, ticket, token } = await accepted(bot);
    await customer.says('Meu cupom é {{name}}');
    const [original] = await app.deps.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false)))
      .orderBy(asc(messages.id))
      .offset(1);

    const other = bot.customer('Outra Pessoa');
    await other.says('Oi');
    const forwarded = await call(app, 'POST', '/message/forward', {
      token,
      body: { messageIds: [original?.id], contactId: (await other.ticket()).contactId, signMessage: false },
    });

    expect(forwarded.status).toBe(201);
    expect(await other.received()).toEqual(['Meu cupom é {{name}}']);
  });
});
