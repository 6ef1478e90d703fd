/**
 * The fixed texts the bot writes to customers (the admin writes the rest: greetings, options,
 * out-of-hours, rating and closing messages). Customers of the product write Portuguese.
 */
export const botTexts = {
  invalidOption: 'Opção inválida, tente novamente.',
  backToMenu: '[ # ] - Voltar ao menu principal',
  exit: '[ Sair ] - Encerrar atendimento',
  option: (n: number, name: string) => `[ ${n} ] - ${name}`,
  queuePosition: (n: number) => `Você está na posição ${n} da fila. Em breve um atendente falará com você.`,
  lgpdPrompt: 'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n[ 1 ] - Sim\n[ 2 ] - Não',
  audioRefused:
    'Infelizmente não conseguimos ouvir áudios por este canal de atendimento. Por favor, envie uma mensagem de texto.',
  deletedByCustomer: '🚫 _Mensagem apagada_',
};

/** A numbered menu under its introduction, with the way back (inside a queue) and the way out. */
export function renderMenu(intro: string, names: string[], withBack: boolean): string {
  const lines = names.map((name, i) => botTexts.option(i + 1, name));
  if (withBack) lines.push(botTexts.backToMenu);
  lines.push(botTexts.exit);
  return [intro.trim(), lines.join('\n')].filter(Boolean).join('\n\n');
}

export type Reply = { kind: 'exit' } | { kind: 'back' } | { kind: 'number'; n: number } | { kind: 'other' };

/** What the customer answered to a menu. */
export function parseReply(body: string): Reply {
  const reply = body.trim().toLowerCase();
  if (reply === 'sair') return { kind: 'exit' };
  if (reply === '#') return { kind: 'back' };
  if (/^\d{1,3}$/.test(reply)) return { kind: 'number', n: Number(reply) };
  return { kind: 'other' };
}
