import { type MessageTemplate, templateVariables } from '@balcao/shared';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { OutboundDelivery } from '../../platform/ports/channel-adapter.js';
import type { GraphClient } from '../graph/graph.client.js';

/** `GET /{waba-id}/message_templates` (protocols §2.6, §5.1): unknown fields pass, like every Graph read. */
const graphTemplates = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      language: z.string(),
      status: z.string(),
      category: z.string().default(''),
      parameter_format: z.string().default('POSITIONAL'),
      components: z
        .array(
          z.object({
            type: z.string(),
            format: z.string().optional(),
            text: z.string().optional(),
            buttons: z
              .array(z.object({ type: z.string(), text: z.string().default(''), url: z.string().optional() }))
              .optional(),
          }),
        )
        .default([]),
    }),
  ),
});
type GraphTemplate = z.infer<typeof graphTemplates>['data'][number];

/** Meta's page size is 25 by default; a business rarely has more approved templates than this. */
const PAGE_SIZE = '200';

const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
/** Buttons that need nothing on send, or (URL) at most a suffix; the others (OTP, flows, catalogs) are not offered. */
const FILLABLE_BUTTONS = new Set(['QUICK_REPLY', 'URL', 'PHONE_NUMBER']);
const FILLABLE_COMPONENTS = new Set(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);

const component = (template: GraphTemplate, type: string) =>
  template.components.find((c) => c.type.toUpperCase() === type);

function headerOf(template: GraphTemplate): MessageTemplate['header'] | undefined {
  const header = component(template, 'HEADER');
  if (!header) return null;
  const format = HEADER_FORMATS.find((f) => f === header.format?.toUpperCase());
  if (!format) return undefined;
  if (format !== 'TEXT') return { format, text: null, variable: null };
  const [variable = null] = templateVariables(header.text ?? '');
  return { format, text: header.text ?? '', variable };
}

/** Approved templates whose every part the picker can fill; a location header, a carousel or an OTP button is left out. */
function toTemplate(template: GraphTemplate): MessageTemplate | undefined {
  const body = component(template, 'BODY');
  const header = headerOf(template);
  const buttons = component(template, 'BUTTONS')?.buttons ?? [];
  if (template.status !== 'APPROVED' || !body?.text || header === undefined) return undefined;
  if (template.components.some((c) => !FILLABLE_COMPONENTS.has(c.type.toUpperCase()))) return undefined;
  if (buttons.some((b) => !FILLABLE_BUTTONS.has(b.type.toUpperCase()))) return undefined;
  return {
    name: template.name,
    language: template.language,
    category: template.category,
    parameterFormat: template.parameter_format.toUpperCase() === 'NAMED' ? 'NAMED' : 'POSITIONAL',
    header,
    body: body.text,
    footer: component(template, 'FOOTER')?.text ?? null,
    variables: templateVariables(body.text),
    buttons: buttons.flatMap((button, index) =>
      button.url && templateVariables(button.url).length > 0
        ? [{ index, text: button.text, url: button.url }]
        : [],
    ),
  };
}

/** The connection's sendable templates, read from Meta each time: approvals change outside Balcão. */
export async function listCloudTemplates(
  graph: GraphClient,
  connection: OutboundDelivery['connection'],
  bearer: string,
): Promise<MessageTemplate[]> {
  if (!connection.wabaId) throw new AppError('ERR_NO_WABA_ID');
  const answer = graphTemplates.parse(
    await graph.call({
      path: `${connection.wabaId}/message_templates`,
      query: { fields: 'name,language,status,category,parameter_format,components', limit: PAGE_SIZE },
      auth: { bearer },
    }),
  );
  return answer.data.flatMap((t) => toTemplate(t) ?? []);
}

/** The `template` object of a send, from what was stored with the message. */
export function templatePayload(template: { name: string; language: string; components: unknown[] }) {
  return { name: template.name, language: { code: template.language }, components: template.components };
}
