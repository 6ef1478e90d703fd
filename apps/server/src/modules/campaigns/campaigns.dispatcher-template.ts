import { renderTemplate } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { type campaigns, contactListItems, type contacts } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { PermanentSendError } from '../../platform/ports/channel-adapter.js';
import { templateComponents } from '../messages/messages.template-components.js';
import type { ShippingRow } from './campaigns.dispatcher-queries.js';
import { fillPlaceholders, type RecipientFields } from './campaigns.placeholders.js';
import { readCampaignSettings } from './campaigns.settings.js';

type StoredTemplate = NonNullable<(typeof campaigns.$inferSelect)['template']>;

/** The fields a value may name, from where the planning read them: the list's item, else the tag's contact. */
async function recipientOf(
  deps: AppDeps,
  shipping: ShippingRow,
  contact: typeof contacts.$inferSelect,
): Promise<RecipientFields> {
  const [item] = shipping.contactListItemId
    ? await deps.db
        .select({ name: contactListItems.name, email: contactListItems.email })
        .from(contactListItems)
        .where(
          and(
            eq(contactListItems.companyId, shipping.companyId),
            eq(contactListItems.id, shipping.contactListItemId),
          ),
        )
    : [];
  const source = item ?? contact;
  return { name: source.name, number: shipping.number, email: source.email };
}

/**
 * The campaign's template for one recipient (docs/decisions.md, "Campaign templates"): its values
 * filled as the messages are, as Meta's components and as the text the customer reads. A value left
 * empty (a recipient without an e-mail, say) is refused here, as Meta would (132000).
 */
export async function templateFor(
  deps: AppDeps,
  template: StoredTemplate,
  shipping: ShippingRow,
  contact: typeof contacts.$inferSelect,
) {
  const recipient = await recipientOf(deps, shipping, contact);
  const { variables } = await readCampaignSettings(deps.db, shipping.companyId);
  const fill = (text: string) => fillPlaceholders(text, recipient, variables).trim();
  const input = {
    name: template.name,
    language: template.language,
    parameters: template.parameters.map(fill),
    header: template.header === undefined ? undefined : fill(template.header),
    buttons: template.buttons.map(fill),
  };
  if ([...input.parameters, ...input.buttons, input.header].some((value) => value === ''))
    throw new PermanentSendError('ERR_TEMPLATE_PARAMS', 'a template value is empty for this recipient');
  const { definition } = template;
  return {
    body: renderTemplate(definition, input),
    template: {
      name: definition.name,
      language: definition.language,
      components: templateComponents(definition, input),
    },
  };
}
