import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { botCompany, everyDay, fakeClock } from '../../test/conversation.js';
import { companies, connections, tickets } from '../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const CLOSED = 'Estamos fechados. Voltamos às 08:00.';
const MENU = 'Olá! Escolha uma opção:\n\n[ 1 ] - Vendas\n[ 2 ] - Suporte\n[ Sair ] - Encerrar atendimento';

async function company(scheduleType: string) {
  const bot = await botCompany(app, { outOfHoursMessage: CLOSED });
  await bot.queue('Vendas');
  await bot.queue('Suporte');
  await bot.setting('scheduleType', scheduleType);
  return bot;
}

// 2026-03-02 is a Monday; São Paulo is UTC-3.
describe('service hours in the company’s time zone', () => {
  test('open at 23:59, closed at 00:01: the out-of-hours message once per closed period, no menu', async () => {
    const clock = fakeClock(app, '2026-03-03T02:59:00Z'); // Monday 23:59 in São Paulo
    const bot = await company('company');
    await app.deps.db
      .update(companies)
      .set({ schedules: everyDay(['08:00', '12:00'], ['13:00', '23:59']) })
      .where(eq(companies.id, bot.companyId));
    const early = bot.customer();
    const late = bot.customer();

    expect(await early.says('Oi')).toEqual([MENU]);
    clock.set('2026-03-03T03:01:00Z'); // Tuesday 00:01
    expect(await late.says('Oi')).toEqual([CLOSED]);
    expect(await late.says('Alô?')).toEqual([]);
    clock.set('2026-03-03T10:59:00Z'); // 07:59, still the same night
    expect(await late.says('Tem alguém?')).toEqual([]);
    expect(await late.ticket()).toMatchObject({ status: 'pending', queueId: null });

    clock.set('2026-03-03T11:00:00Z'); // 08:00: open, the bot takes over
    expect(await late.says('Bom dia')).toEqual([MENU]);
    clock.set('2026-03-03T15:30:00Z'); // 12:30: the lunch break is another closed period
    expect(await late.says('1')).toEqual([CLOSED]);
  });

  test('a connection’s shift past midnight is open at 00:01 and closed after it ends', async () => {
    const clock = fakeClock(app, '2026-03-03T03:01:00Z'); // Tuesday 00:01
    const bot = await company('connection');
    await app.deps.db
      .update(connections)
      .set({ schedules: everyDay(['18:00', '02:00']) })
      .where(eq(connections.id, bot.connection.id));
    const customer = bot.customer();

    expect(await customer.says('Oi')).toEqual([MENU]);
    clock.set('2026-03-03T05:01:00Z'); // 02:01
    expect(await customer.says('1')).toEqual([CLOSED]);
  });

  test('an open conversation gets the message only with sendMessageOutExpedientTicketOpen', async () => {
    fakeClock(app, '2026-03-03T03:01:00Z');
    const bot = await company('company');
    await app.deps.db
      .update(companies)
      .set({ schedules: everyDay(['08:00', '18:00']) })
      .where(eq(companies.id, bot.companyId));
    const customer = bot.customer();
    await customer.says('Oi');
    await customer.received();
    const ticket = await customer.ticket();
    await app.deps.db
      .update(tickets)
      .set({ status: 'open', userId: bot.tenant.admin.id, outOfHoursSentAt: null })
      .where(eq(tickets.id, ticket.id));

    expect(await customer.says('Ainda aí?')).toEqual([]);
    await bot.setting('sendMessageOutExpedientTicketOpen', 'enabled');
    expect(await customer.says('Alô')).toEqual([CLOSED]);
  });

  test('scheduleType queue: a closed queue takes the customer in with its own out-of-hours message', async () => {
    fakeClock(app, '2026-03-03T03:01:00Z');
    const bot = await botCompany(app);
    const night = await bot.queue('Plantão', { schedules: everyDay(['20:00', '06:00']) });
    const day = await bot.queue('Comercial', {
      schedules: everyDay(['08:00', '18:00']),
      outOfHoursMessage: 'O comercial abre às 08:00.',
      greetingMessage: 'Comercial',
    });
    await bot.setting('scheduleType', 'queue');
    const customer = bot.customer();

    await customer.says('Oi');
    expect(await customer.says('2')).toEqual(['O comercial abre às 08:00.']);
    expect(await customer.ticket()).toMatchObject({ queueId: day.id, status: 'pending', isBot: false });
    expect(await customer.says('Oi?')).toEqual([]);
    expect(night.id).not.toBe(day.id);
  });
});
