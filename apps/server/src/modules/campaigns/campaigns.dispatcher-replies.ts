/** What a recipient's answer to a confirmation request means. */
export type ConfirmationReply = 'yes' | 'no' | 'optOut';

/**
 * The accepted words (docs/decisions.md, "Campaign dispatch"), compared without case, accents or
 * surrounding punctuation, in pt-BR, en, es and tr. Anything else is not an answer: the request
 * keeps waiting, and the message is an ordinary one for the attendants.
 */
const words: Record<ConfirmationReply, string[]> = {
  yes: ['1', 'sim', 's', 'quero', 'yes', 'y', 'ok', 'si', 'evet', 'e', 'tamam'],
  no: ['2', 'nao', 'n', 'no', 'hayir', 'h', 'istemiyorum'],
  optOut: ['sair', 'parar', 'cancelar', 'stop', 'unsubscribe', 'baja', 'detener', 'dur', 'iptal'],
};

const byWord = new Map(
  (Object.entries(words) as [ConfirmationReply, string[]][]).flatMap(([reply, list]) =>
    list.map((word) => [word, reply] as const),
  ),
);

export function classifyReply(body: string): ConfirmationReply | undefined {
  const word = body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
  return byWord.get(word);
}
