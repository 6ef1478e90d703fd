import { WHATSAPP_MARK } from '@balcao/shared';
import { Fragment, type ReactNode } from 'react';

/** WhatsApp's marks, which signatures (`*Name:*`) and customers use: *bold*, _italic_, ~struck~. */
const MARKS: Record<string, (children: ReactNode, key: number) => ReactNode> = {
  '*': (children, key) => <strong key={key}>{children}</strong>,
  _: (children, key) => <em key={key}>{children}</em>,
  '~': (children, key) => <s key={key}>{children}</s>,
};

/** The text with its marks drawn; anything unmatched stays as typed, and nothing becomes HTML. */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(WHATSAPP_MARK)) {
    const [whole, mark, inner] = match;
    const at = match.index ?? 0;
    if (at > last) parts.push(<Fragment key={`t${at}`}>{text.slice(last, at)}</Fragment>);
    parts.push(MARKS[mark as string]?.(inner, at) ?? whole);
    last = at + whole.length;
  }
  if (last < text.length) parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}
