/** The one WhatsApp Business account the fake knows: its template list answers at this id. */
export const FAKE_WABA_ID = '102290129340398';

/** An approved template of each kind the picker must tell apart, plus one still pending (protocols §5.1). */
const TEMPLATES = [
  {
    name: 'ticket_update',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Olá {{1}}, seu chamado {{2}} foi atualizado.' }],
  },
  {
    name: 'boas_vindas',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Bem-vindo' },
      { type: 'BODY', text: 'Obrigado por falar com a Loja X!' },
      { type: 'FOOTER', text: 'Loja X' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Falar com atendente' }] },
    ],
  },
  {
    name: 'promo_imagem',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Promoção da semana' },
    ],
  },
  {
    name: 'em_revisao',
    language: 'pt_BR',
    status: 'PENDING',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Ainda não aprovado' }],
  },
];

/** A fake's own copy of the WABA's templates, and Meta's check of a template send against it. */
export function createTemplateBook() {
  const list = structuredClone(TEMPLATES);

  /** 132001 for a template not approved under that name and language, 132000 for a wrong count of values. */
  function refusal(part: Record<string, unknown>): { code: number; message: string } | undefined {
    const language = (part.language as { code: string }).code;
    const known = list.find(
      (t) => t.name === part.name && t.language === language && t.status === 'APPROVED',
    );
    if (!known) return { code: 132001, message: '(#132001) Template name does not exist in the translation' };
    const body = known.components.find((c) => c.type === 'BODY')?.text ?? '';
    const expected = new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;
    const components = (part.components ?? []) as { type: string; parameters?: unknown[] }[];
    const given = components.find((c) => c.type === 'body')?.parameters?.length ?? 0;
    if (given !== expected)
      return {
        code: 132000,
        message: '(#132000) Number of parameters does not match the expected number of params',
      };
    return undefined;
  }

  return { list, refusal };
}
