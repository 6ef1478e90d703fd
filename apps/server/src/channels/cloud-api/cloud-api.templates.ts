import { type MessageTemplate, templateVariableCount } from '@balcao/shared';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { OutboundDelivery } from '../channel.js';
import type { GraphClient } from '../graph/graph.client.js';

/** `GET /{waba-id}/message_templates` (protocols §2.6, §5.1): unknown fields pass, like every Graph read. */
const graphTemplates = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      language: z.string(),
      status: z.string(),
      category: z.string().default(''),
      components: z
        .array(
          z.object({
            type: z.string(),
            format: z.string().optional(),
            text: z.string().optional(),
            buttons: z.array(z.object({ type: z.string(), url: z.string().optional() })).optional(),
          }),
        )
        .default([]),
    }),
  ),
});
type GraphTemplate = z.infer<typeof graphTemplates>['data'][number];

/** Meta's page size is 25 by default; a business rarely has more approved templates than this. */
const PAGE_SIZE = '200';

const component = (template: GraphTemplate, type: string) =>
  template.components.find((c) => c.type.toUpperCase() === type);

/**
 * Only templates the composer can fill: a media header, a header with a variable or a link button
 * with one would need values the picker does not ask for, and Meta would refuse the send (132000).
 */
function toTemplate(template: GraphTemplate): MessageTemplate | undefined {
  const header = component(template, 'HEADER');
  const body = component(template, 'BODY');
  const buttons = component(template, 'BUTTONS')?.buttons ?? [];
  if (template.status !== 'APPROVED' || !body?.text) return undefined;
  if (header && (header.format?.toUpperCase() !== 'TEXT' || templateVariableCount(header.text ?? '') > 0))
    return undefined;
  if (buttons.some((b) => templateVariableCount(b.url ?? '') > 0)) return undefined;
  return {
    name: template.name,
    language: template.language,
    category: template.category,
    header: header?.text ?? null,
    body: body.text,
    footer: component(template, 'FOOTER')?.text ?? null,
    variables: templateVariableCount(body.text),
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
      query: { fields: 'name,language,status,category,components', limit: PAGE_SIZE },
      auth: { bearer },
    }),
  );
  return answer.data.flatMap((t) => toTemplate(t) ?? []);
}

/** The `template` object of a send: the body's variables as text parameters, in order. */
export function templatePayload(template: { name: string; language: string; parameters: string[] }) {
  return {
    name: template.name,
    language: { code: template.language },
    components: template.parameters.length
      ? [{ type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) }]
      : [],
  };
}
