import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { botCompany, fakeClock } from '../../../test/conversation.js';
import { ticketRatings } from '../../db/schema/index.js';
import { runInboxSweep } from '../../inbox/timers.js';
import { npsSummary, parseScore } from './tickets.rating.js';

const app = await createTestApp();
afterAll(() => app.close());

const PROMPT = 'De 0 a 10, quanto você nos recomendaria?';

async function ratedCompany(connection: Record<string, unknown> = {}) {
  const bot = await botCompany(app, {
    greetingMessage: '',
    ratingMessage: 'De 0 a 10, quanto você nos recomendaria?',
    maxUseBotQueuesNps: 2,
    expiresTicketNps: 30,
    ...connection,
  });
  await bot.setting('userRating', 'enabled');
  return bot;
}

/** A customer whose conversation an attendant just closed: the ticket waits for the score. */
async function closedConversation(bot: Awaited<ReturnType<typeof ratedCompany>>) {
  const customer = bot.customer();
  await customer.says('Oi');
  const ticket = await customer.ticket();
  const token = bot.tenant.admin.token;
  await call(app, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } });
  const closed = await call(app, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'closed' } });
  return { customer, ticket, closed };
}

const ratingsOf = (ticketId: number) =>
  app.deps.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticketId));

describe('rating on close, 0 to 10', () => {
  test('the closed ticket waits for the score; 0, 7 and 10 are stored on the 0–10 scale and close it', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await ratedCompany();
    for (const score of ['0', '7', '10']) {
      const { customer, ticket, closed } = await closedConversation(bot);
      expect(closed.body).toMatchObject({ status: 'nps' });
      expect(await customer.received()).toEqual([PROMPT]);

      expect(await customer.says(score)).toEqual(['Atendimento encerrado. Obrigado!']);
      expect(await customer.ticket()).toMatchObject({ id: ticket.id, status: 'closed' });
      expect(await ratingsOf(ticket.id)).toMatchObject([
        { rate: Number(score), scale: 10, userId: bot.tenant.admin.id },
      ]);
      expect((await customer.logs()).map((l) => l.type)).toEqual(['create', 'open', 'close', 'nps']);
    }
    const summary = await npsSummary(
      app.deps.db,
      bot.companyId,
      new Date('2026-03-01T00:00:00Z'),
      new Date('2026-03-03T00:00:00Z'),
    );
    expect(summary).toEqual({ promoters: 1, passives: 1, detractors: 1, total: 3, score: 0 });
  });

  test('"nota 5" counts as 5; words alone re-ask up to maxUseBotQueuesNPS, then the ticket closes unrated', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await ratedCompany();
    const rated = await closedConversation(bot);
    await rated.customer.received();
    await rated.customer.says('nota 5');
    expect(await ratingsOf(rated.ticket.id)).toMatchObject([{ rate: 5, scale: 10 }]);

    const { customer, ticket } = await closedConversation(bot);
    await customer.received();
    expect(await customer.says('ótimo atendimento')).toEqual(['Opção inválida, tente novamente.', PROMPT]);
    expect(await customer.says('11')).toEqual(['Atendimento encerrado. Obrigado!']);
    expect(await customer.ticket()).toMatchObject({ id: ticket.id, status: 'closed' });
    expect(await ratingsOf(ticket.id)).toEqual([]);
  });

  test('a rating reply never reopens the ticket, and the next message after it starts a new one', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await ratedCompany({ greetingMessage: 'Olá de novo!' });
    const { customer, ticket } = await closedConversation(bot);
    await customer.says('9');
    await customer.received();

    expect(await customer.says('Oi, outra dúvida')).toEqual(['Olá de novo!']);
    const next = await customer.ticket();
    expect(next.id).not.toBe(ticket.id);
    expect(next.status).toBe('pending');
  });

  test('unanswered for expiresTicketNPS minutes, the ticket closes with the closing message', async () => {
    const clock = fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await ratedCompany();
    const { customer } = await closedConversation(bot);
    await customer.received();

    clock.advanceMinutes(29);
    await runInboxSweep(app.deps);
    expect(await customer.ticket()).toMatchObject({ status: 'nps' });
    clock.advanceMinutes(2);
    await runInboxSweep(app.deps);
    expect(await customer.received()).toEqual(['Atendimento encerrado. Obrigado!']);
    expect(await customer.ticket()).toMatchObject({ status: 'closed' });
  });

  test("the company's text goes as written, with no scale of ours added to it", async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await ratedCompany({ ratingMessage: 'De 1 a 5, como foi o atendimento?' });
    const { customer } = await closedConversation(bot);

    expect(await customer.received()).toEqual(['De 1 a 5, como foi o atendimento?']);
  });

  test('left empty, the rating is asked with the scale sentence alone', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await ratedCompany({ ratingMessage: '' });
    const { customer, closed } = await closedConversation(bot);

    expect(closed.body).toMatchObject({ status: 'nps' });
    expect(await customer.received()).toEqual([
      'Responda com uma nota de 0 a 10, em que 0 é "nada provável" e 10 é "muito provável".',
    ]);
  });

  test('without userRating the close sends the farewell and nothing waits', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await ratedCompany();
    await bot.setting('userRating', 'disabled');
    const { customer, closed } = await closedConversation(bot);
    expect(closed.body).toMatchObject({ status: 'closed' });
    expect(await customer.received()).toEqual(['Atendimento encerrado. Obrigado!']);
    const rows = await app.deps.db
      .select()
      .from(ticketRatings)
      .where(and(eq(ticketRatings.companyId, bot.companyId)));
    expect(rows).toEqual([]);
  });
});

test('scores are whole numbers from 0 to 10, alone or among words', () => {
  expect(['0', ' 10 ', 'nota 5', 'dou 8!', '4.5', '11', '5 ou 6', 'dez', ''].map(parseScore)).toEqual([
    0,
    10,
    5,
    8,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});
