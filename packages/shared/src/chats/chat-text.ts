/** A piece of a chat message as the screen shows it: plain text, a member named, or a ticket number. */
export type ChatTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; userId: number }
  | { kind: 'ticket'; text: string; ticketId: number };

interface Named {
  id: number;
  name: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD = '[\\p{L}\\p{N}_]';
const MAX_TICKET_DIGITS = 9;

interface Found {
  start: number;
  end: number;
  part: ChatTextPart;
}

/**
 * `@Name` for each member, the longest names first so "@Ana Souza" names Ana Souza rather than an
 * "Ana" who is also in the chat; a name must end at a word boundary and is matched ignoring case.
 */
function findMentionRanges(text: string, members: readonly Named[]): Found[] {
  const found: Found[] = [];
  const taken = (start: number, end: number) => found.some((f) => start < f.end && end > f.start);
  const byLength = [...members].filter((m) => m.name.trim()).sort((a, b) => b.name.length - a.name.length);
  for (const member of byLength) {
    const pattern = new RegExp(`(?<!${WORD})@${escapeRegExp(member.name.trim())}(?!${WORD})`, 'giu');
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken(start, end)) continue;
      found.push({ start, end, part: { kind: 'mention', text: match[0], userId: member.id } });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function findTicketRanges(text: string): Found[] {
  const pattern = new RegExp(`(?<!${WORD})#(\\d{1,${MAX_TICKET_DIGITS}})(?!${WORD})`, 'gu');
  return [...text.matchAll(pattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    part: { kind: 'ticket', text: match[0], ticketId: Number(match[1]) },
  }));
}

/** The ids of the members a message names, each once. */
export function findMentions(text: string, members: readonly Named[]): number[] {
  return [...new Set(findMentionRanges(text, members).map((f) => (f.part as { userId: number }).userId))];
}

/** The ticket numbers a message names with `#123`, each once. */
export function findTicketNumbers(text: string): number[] {
  return [...new Set(findTicketRanges(text).map((f) => (f.part as { ticketId: number }).ticketId))];
}

/** Splits a message into plain text, mentions of `members` and ticket numbers, in order. */
export function splitChatText(text: string, members: readonly Named[]): ChatTextPart[] {
  const mentions = findMentionRanges(text, members);
  const tickets = findTicketRanges(text).filter(
    (t) => !mentions.some((m) => t.start < m.end && t.end > m.start),
  );
  const found = [...mentions, ...tickets].sort((a, b) => a.start - b.start);
  const parts: ChatTextPart[] = [];
  let at = 0;
  for (const { start, end, part } of found) {
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push(part);
    at = end;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
