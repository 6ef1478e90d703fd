/**
 * A message the channel delivered in a kind Balcão cannot show (or with its part missing): stored all
 * the same, so the conversation shows that something arrived. `body` names the kind when Meta did.
 */
export const unsupportedContent = (kind: string) => ({ body: kind, mediaType: 'unsupportedMessage' });
