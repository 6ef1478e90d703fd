import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { messages } from '../../db/schema/index.js';
import { snippetOf } from './tickets.search-matches.js';

const app = await createTestApp();
afterAll(() => app.close());

interface Match {
  ticketId: number;
  messageId: number;
  snippet: string;
  highlights: { start: number; end: number }[];
}

/** The snippet's highlighted words, as the result row marks them. */
const marked = (match: Match | undefined) =>
  match?.highlights.map(({ start, end }) => match.snippet.slice(start, end));

async function conversation(companyId: number, bodies: string[]) {
  const ticket = await createTicket(app, companyId, { status: 'closed' });
  const rows = await app.deps.db
    .insert(messages)
    .values(
      bodies.map((body, i) => ({
        companyId,
        ticketId: ticket.id,
        body,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    )
    .returning();
  return { ticket, ids: rows.map((row) => row.id) };
}

describe('a search by words answers, per ticket, the matching message and its text', () => {
  test('the newest matching message, with the matched words (any ending, any accent) marked', async () => {
    const tenant = await createTenant(app);
    const { ticket, ids } = await conversation(tenant.companyId, [
      'Olá, o pagamento não foi feito?',
      'Ainda não recebi',
      'Os *pagamentos* de São Paulo ainda não chegaram',
      'Obrigado',
    ]);

    const { body } = await call(app, 'GET', '/tickets?searchParam=pagamento%20nao', {
      token: tenant.admin.token,
    });

    expect(body.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
    const [match] = body.matches as Match[];
    expect(match).toMatchObject({
      ticketId: ticket.id,
      messageId: ids[2],
      snippet: 'Os pagamentos de São Paulo ainda não chegaram',
    });
    expect(marked(match)).toEqual(['pagamentos', 'não']);
  });

  test('a ticket found by its contact or id has no match; without a search there are none', async () => {
    const tenant = await createTenant(app);
    const { ticket } = await conversation(tenant.companyId, ['oi']);
    const token = tenant.admin.token;

    const byId = await call(app, 'GET', `/tickets?searchParam=${ticket.id}`, { token });
    const listed = await call(app, 'GET', '/tickets?status=closed', { token });

    expect(byId.body.tickets.map((t: { id: number }) => t.id)).toContain(ticket.id);
    expect(byId.body.matches).toEqual([]);
    expect(listed.body.matches).toBeUndefined();
  });

  test("never another company's message, even for a ticket id both have", async () => {
    const mine = await createTenant(app);
    const other = await createTenant(app);
    await conversation(other.companyId, ['reembolso pendente']);

    const { body } = await call(app, 'GET', '/tickets?searchParam=reembolso', { token: mine.admin.token });

    expect(body).toMatchObject({ tickets: [], matches: [] });
  });

  test('a deleted message is not a match', async () => {
    const tenant = await createTenant(app);
    const { ticket, ids } = await conversation(tenant.companyId, ['cancelar pedido', 'cancelar tudo']);
    await app.deps.db
      .update(messages)
      .set({ isDeleted: true })
      .where(eqId(ids[1] as number));

    const { body } = await call(app, 'GET', '/tickets?searchParam=cancelar', { token: tenant.admin.token });

    expect(body.matches).toEqual([expect.objectContaining({ ticketId: ticket.id, messageId: ids[0] })]);
  });
});

const eqId = (id: number) => eq(messages.id, id);

describe('snippetOf', () => {
  const mark = (text: string, words: string[]) =>
    words.reduce((out, word) => out.replace(word, `\u0001${word}\u0002`), text);

  test('a long message is cut around its first match, at word edges, with ellipses', () => {
    const before = 'palavra '.repeat(20);
    const after = ' fim'.repeat(60);
    const body = `${before}boleto vencido${after}`;
    const folded = body;

    const { snippet, highlights } = snippetOf(body, mark(folded, ['boleto']));

    expect(snippet.startsWith('…palavra')).toBe(true);
    expect(snippet.endsWith('fim…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(122);
    expect(highlights.map(({ start, end }) => snippet.slice(start, end))).toEqual(['boleto']);
  });

  test('marks and line breaks are taken off and the highlights move with the words', () => {
    const body = '*Ana:*\nseu _pedido_ saiu';

    const { snippet, highlights } = snippetOf(body, mark(body.toLowerCase(), ['pedido']));

    expect(snippet).toBe('Ana: seu pedido saiu');
    expect(highlights.map(({ start, end }) => snippet.slice(start, end))).toEqual(['pedido']);
  });

  test('a headline that does not line up with the message gives its text without highlights', () => {
    const { snippet, highlights } = snippetOf('*Olá* mundo', 'ola mundo extra');

    expect(snippet).toBe('Olá mundo');
    expect(highlights).toEqual([]);
  });
});
