import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Message search (the ticket list's search tab): Portuguese stemming with accents ignored. Accents are
 * folded by translate(), which is immutable, so the GIN expression index needs no extension (PGlite
 * ships unaccent, but unaccent() is only stable and cannot be indexed without a wrapper function).
 * The query must repeat the indexed expression exactly, which is why both come from here.
 */
const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';

const folded = (text: SQLWrapper | SQL) =>
  sql`translate(lower(${text}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;

export const searchDocument = (column: SQLWrapper) =>
  sql`to_tsvector('portuguese'::regconfig, ${folded(column)})`;

/** The text as the search reads it (lower case, accents off): one character for each of the text's, nearly always. */
export const searchFolded = (column: SQLWrapper) => folded(column);

/** Every typed word must occur (in any form of it); punctuation is ignored. */
export const searchQuery = (typed: string | SQLWrapper) =>
  sql`plainto_tsquery('portuguese'::regconfig, ${folded(sql`${typed}::text`)})`;
