import { setImmediate } from 'node:timers/promises';
import { SaxesParser } from 'saxes';
import { AppError } from '../errors.js';

/** The most characters a spreadsheet cell holds (Excel's own limit). */
export const CELL_CHARS = 32_767;

const XML_LIMITS = {
  /** A workbook part nests a handful of levels (worksheet, sheetData, row, c, is, r, t). */
  depth: 32,
  /**
   * The longest stretch without a `<` or a `>`: a cell's text with every character written as an
   * entity (`&quot;`). saxes holds a text node or a tag whole until it ends, so a longer one is
   * refused before it is fed.
   */
  stretch: CELL_CHARS * 6,
};

export interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

const tooLong = () => new AppError('ERR_SPREADSHEET_CELL_TOO_LONG');

/** How many characters have passed since the last `mark`, refusing a stretch over the limit. */
function stretchAfter(text: string, mark: string, carried: number): number {
  const first = text.indexOf(mark);
  if (first === -1) {
    if (carried + text.length > XML_LIMITS.stretch) throw tooLong();
    return carried + text.length;
  }
  // Stretches inside one chunk are shorter than the chunk, which is shorter than the limit.
  if (carried + first > XML_LIMITS.stretch) throw tooLong();
  return text.length - text.lastIndexOf(mark) - 1;
}

/**
 * Parses an XML part from its chunks, calling the handlers as elements open and close and text
 * arrives, and stepping after each chunk: the caller takes what the handlers gathered, and the
 * event loop gets a turn, so a large part never holds the API up for long.
 */
export async function* parseXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser();
  let depth = 0;
  parser.on('opentag', (tag) => {
    depth++;
    if (depth > XML_LIMITS.depth) throw new AppError('ERR_INVALID_SPREADSHEET', 'Nested too deep');
    handlers.open?.(tag.name, tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    depth--;
    handlers.close?.(tag.name);
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let sinceOpen = 0;
  let sinceClose = 0;
  const feed = (text: string) => {
    sinceOpen = stretchAfter(text, '<', sinceOpen);
    sinceClose = stretchAfter(text, '>', sinceClose);
    parser.write(text);
  };
  for await (const chunk of chunks) {
    feed(decoder.decode(chunk, { stream: true }));
    yield;
    await setImmediate();
  }
  feed(decoder.decode());
  parser.close();
  yield;
}

/** Parses a whole (small) part for what its handlers gather. */
export async function readXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parseXml(chunks, handlers));
}
