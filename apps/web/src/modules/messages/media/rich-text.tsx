import { Fragment, type ReactNode } from 'react';

/** WhatsApp's marks, which signatures (`*Name:*`) and customers use: *bold*, _italic_, ~struck~. */
const MARKS: Record<string, (children: ReactNode, key: number) => ReactNode> = {
  '*': (children, key) => <strong key={key}>{children}</strong>,
  _: (children, key) => <em key={key}>{children}</em>,
  '~': (children, key) => <s key={key}>{children}</s>,
};
// A mark opens and closes at a word's edge, so snake_case and 2*3*4 stay as typed.
const PATTERN = /(?<![\p{L}\p{N}])([*_~])(?=\S)([^\n]*?\S)\1(?![\p{L}\p{N}])/gu;

/** The text with its marks drawn; anything unmatched stays as typed, and nothing becomes HTML. */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const [whole, mark, inner] = match;
    const at = match.index ?? 0;
    if (at > last) parts.push(<Fragment key={`t${at}`}>{text.slice(last, at)}</Fragment>);
    parts.push(MARKS[mark as string]?.(inner, at) ?? whole);
    last = at + whole.length;
  }
  if (last < text.length) parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}
