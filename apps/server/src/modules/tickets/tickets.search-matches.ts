import { plainFromWhatsapp, type TicketSearchMatch, WHATSAPP_MARK } from '@balcao/shared';
import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { statementsByShape } from '../../db/prepared.js';
import { messages } from '../../db/schema/index.js';
import { searchDocument, searchFolded, searchQuery } from '../../db/text-search.js';

/** How much of a long message the result row gets, and how much of it comes before the first match (the row is one narrow line). */
const SNIPPET_CHARS = 120;
const LEAD_CHARS = 16;
/** ts_headline's marks around a matched word: control characters, taken out of the text first. */
const OPEN = '\u0001';
const CLOSE = '\u0002';

/**
 * Each listed ticket's newest message matching the search, with the matched words marked by
 * ts_headline. It highlights on the folded text (lower case, accents off), the form the search reads,
 * so its stemming marks "pagamentos" for "pagamento"; the folding keeps every character's place, so
 * the marks are carried back onto the message as written (`snippetOf`). Cards are left out where
 * numbers are hidden, as the search itself leaves them (tickets.list.ts).
 */
const matchesStatement = statementsByShape(
  'ticket_search_matches',
  (db, shape: { numbersHidden: boolean }) => {
    const typed = sql.placeholder('typed');
    const hit = db
      .selectDistinctOn([messages.ticketId], {
        ticketId: messages.ticketId,
        id: messages.id,
        body: messages.body,
      })
      .from(messages)
      .where(
        and(
          eq(messages.companyId, sql.placeholder('companyId')),
          sql`${messages.ticketId} = any(${sql.placeholder('ticketIds')}::int[])`,
          sql`${searchDocument(messages.body)} @@ ${searchQuery(typed)}`,
          not(messages.isDeleted),
          shape.numbersHidden ? sql`${messages.mediaType} is distinct from 'contactMessage'` : undefined,
        ),
      )
      .orderBy(messages.ticketId, desc(messages.createdAt), desc(messages.id))
      .as('hit');
    const text = sql`translate(${searchFolded(hit.body)}, ${`${OPEN}${CLOSE}`}, '  ')`;
    return db
      .select({
        ticketId: hit.ticketId,
        messageId: hit.id,
        body: hit.body,
        marked: sql<string>`ts_headline('portuguese'::regconfig, ${text}, ${searchQuery(typed)},
        ${`HighlightAll=true, StartSel=${OPEN}, StopSel=${CLOSE}`})`,
      })
      .from(hit);
  },
);

export async function findSearchMatches(
  db: Db | Tx,
  search: { companyId: number; typed: string; numbersHidden: boolean },
  ticketIds: number[],
): Promise<TicketSearchMatch[]> {
  if (ticketIds.length === 0) return [];
  const rows = await matchesStatement(db, { numbersHidden: search.numbersHidden }).execute({
    companyId: search.companyId,
    typed: search.typed,
    ticketIds,
  });
  return rows.map(({ ticketId, messageId, body, marked }) => ({
    ticketId,
    messageId,
    ...snippetOf(body, marked),
  }));
}

type Range = [number, number];

/** The ranges ts_headline marked, in the text without its marks. */
function readMarks(marked: string): { text: string; ranges: Range[] } {
  const ranges: Range[] = [];
  let text = '';
  let open = 0;
  for (const part of marked.split(new RegExp(`([${OPEN}${CLOSE}])`))) {
    if (part === OPEN) open = text.length;
    else if (part === CLOSE) ranges.push([open, text.length]);
    else text += part;
  }
  return { text, ranges };
}

/** Where WhatsApp's marks sit in `text` (both ends of each, nested ones too), as `plainFromWhatsapp` reads them. */
function markPlaces(text: string, offset = 0, out: number[] = []): number[] {
  for (const match of text.matchAll(WHATSAPP_MARK)) {
    const at = offset + (match.index ?? 0);
    out.push(at, at + match[0].length - 1);
    markPlaces(match[2] as string, at + 1, out);
  }
  return out;
}

/** `text` without WhatsApp's marks, the ranges moved with the characters they covered. */
function withoutMarks(text: string, ranges: Range[]): { text: string; ranges: Range[] } {
  const places = new Set(markPlaces(text));
  if (places.size === 0) return { text, ranges };
  // removedBefore[i]: how many marks come before position i.
  const removedBefore: number[] = [];
  let removed = 0;
  for (let i = 0; i <= text.length; i++) {
    removedBefore.push(removed);
    if (places.has(i)) removed++;
  }
  let plain = '';
  for (let i = 0; i < text.length; i++) if (!places.has(i)) plain += text[i];
  const at = (i: number) => i - (removedBefore[i] ?? removed);
  return { text: plain, ranges: ranges.map(([s, e]): Range => [at(s), at(e)]) };
}

/**
 * A piece of the message around its first match: plain text on one line, cut at word edges, "…" where
 * it was cut. When the highlighted text does not line up with the message (a character whose lower
 * case is longer), the message's start is shown without highlights rather than wrong ones.
 */
export function snippetOf(body: string, marked: string): Pick<TicketSearchMatch, 'snippet' | 'highlights'> {
  const read = readMarks(marked);
  const lined = read.text.length === body.length;
  const plain = lined ? withoutMarks(body, read.ranges) : { text: plainFromWhatsapp(body), ranges: [] };
  const text = plain.text.replace(/\s/g, ' ');
  const first = plain.ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD_CHARS);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > (plain.ranges[0]?.[1] ?? start)) end = space;
  }
  const lead = start > 0 ? '…' : '';
  const snippet = `${lead}${text.slice(start, end).trimEnd()}${end < text.length ? '…' : ''}`;
  const shift = lead.length - start;
  const highlights = plain.ranges
    .map(([s, e]) => ({ start: Math.max(s, start) + shift, end: Math.min(e, end) + shift }))
    .filter((range) => range.end > range.start);
  return { snippet, highlights };
}
