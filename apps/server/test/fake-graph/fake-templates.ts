/** The one WhatsApp Business account the fake knows: its template list answers at this id. */
export const FAKE_WABA_ID = '102290129340398';

/**
 * An approved template of each kind the picker must tell apart (positional, NAMED, text and media
 * headers, URL buttons, parts it cannot fill), plus one still pending (protocols §5.1).
 */
type FakeTemplate = {
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: string;
  components: {
    type: string;
    format?: string;
    text?: string;
    buttons?: { type: string; text: string; url?: string }[];
  }[];
};

const TEMPLATES: FakeTemplate[] = [
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
    name: 'pedido_pronto',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{order_id}}' },
      { type: 'BODY', text: 'Olá {{first_name}}, seu pedido {{order_id}} está pronto.' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Acompanhar', url: 'https://loja.example/pedidos/{{1}}' },
          { type: 'QUICK_REPLY', text: 'Obrigado' },
        ],
      },
    ],
  },
  {
    name: 'codigo_acesso',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    components: [
      { type: 'BODY', text: '{{1}} é seu código.' },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', text: 'Copiar código' }] },
    ],
  },
  {
    name: 'local_loja',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'LOCATION' },
      { type: 'BODY', text: 'Estamos aqui.' },
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

type GivenComponent = { type: string; sub_type?: string; index?: string; parameters?: GivenParameter[] };
type GivenParameter = { type: string; text?: string; parameter_name?: string } & Record<string, unknown>;

const variablesOf = (text: string) =>
  [...new Set(text.match(/\{\{\s*\w+\s*\}\}/g) ?? [])].map((v) => v.slice(2, -2).trim());

/** Text values for `expected`: as many as there are, each named after its variable in a NAMED template. */
function textsFit(expected: string[], given: GivenParameter[], named: boolean) {
  if (given.length !== expected.length || given.some((p) => p.type !== 'text' || !p.text)) return false;
  if (!named) return given.every((p) => p.parameter_name === undefined);
  const names = given.map((p) => p.parameter_name);
  return new Set(names).size === expected.length && expected.every((name) => names.includes(name));
}

/** A media header's one value: its format's type, given by uploaded id or link. */
function mediaFits(format: string, given: GivenParameter[]) {
  const type = format.toLowerCase();
  const source = given[0]?.[type] as { id?: string; link?: string } | undefined;
  return given.length === 1 && given[0]?.type === type && Boolean(source?.id || source?.link);
}

/** A fake's own copy of the WABA's templates, and Meta's check of a template send against it. */
export function createTemplateBook() {
  const list = structuredClone(TEMPLATES);

  /** Whether the send's components fill exactly what the template asks: header, body, URL buttons. */
  function componentsFit(known: FakeTemplate, components: GivenComponent[]) {
    const part = (type: string) => known.components.find((c) => c.type === type);
    const given = (type: string) => components.find((c) => c.type === type)?.parameters ?? [];
    const named = known.parameter_format === 'NAMED';
    const header = part('HEADER');
    const headerFits =
      header && header.format !== 'TEXT'
        ? mediaFits(header.format ?? '', given('header'))
        : textsFit(variablesOf(header?.text ?? ''), given('header'), named);
    const bodyFits = textsFit(variablesOf(part('BODY')?.text ?? ''), given('body'), named);
    const urls = (part('BUTTONS')?.buttons ?? []).flatMap((b, index) =>
      b.url && variablesOf(b.url).length ? [String(index)] : [],
    );
    const buttons = components.filter((c) => c.type === 'button');
    const buttonsFit =
      buttons.length === urls.length &&
      buttons.every(
        (b) =>
          b.sub_type === 'url' && urls.includes(b.index ?? '') && textsFit(['1'], b.parameters ?? [], false),
      );
    return headerFits && bodyFits && buttonsFit;
  }

  /** 132001 for a template not approved under that name and language, 132000 for values that do not fit it. */
  function refusal(part: Record<string, unknown>): { code: number; message: string } | undefined {
    const language = (part.language as { code: string }).code;
    const known = list.find(
      (t) => t.name === part.name && t.language === language && t.status === 'APPROVED',
    );
    if (!known) return { code: 132001, message: '(#132001) Template name does not exist in the translation' };
    if (!componentsFit(known, (part.components ?? []) as GivenComponent[]))
      return {
        code: 132000,
        message: '(#132000) Number of parameters does not match the expected number of params',
      };
    return undefined;
  }

  return { list, refusal };
}
