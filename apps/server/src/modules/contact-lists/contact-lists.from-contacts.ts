import { type ContactListFromContactsBody, msg } from '@balcao/shared';
import { and, eq, ilike, isNotNull, ne, or, sql } from 'drizzle-orm';
import { contactListItems, contacts, contactTags } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { companyTagIds } from '../contacts/contacts.queries.js';
import { startNumberCheck } from './contact-lists.check.js';
import { publishContactListItem } from './contact-lists.events.js';
import { published, showContactList } from './contact-lists.service.js';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The contacts the contacts page shows for the same search and tags (name or e-mail as typed, the
 * number by its digits; any of the tags), limited to WhatsApp numbers a campaign can reach.
 */
function matching(companyId: number, filter: ContactListFromContactsBody) {
  const search = filter.searchParam;
  const digits = search?.replace(/\D/g, '') ?? '';
  return and(
    eq(contacts.companyId, companyId),
    eq(contacts.channel, 'whatsapp'),
    eq(contacts.isGroup, false),
    isNotNull(contacts.number),
    ne(contacts.number, ''),
    search
      ? or(
          ilike(contacts.name, likePattern(search)),
          ilike(contacts.email, likePattern(search)),
          digits ? sql`${contacts.number} like ${likePattern(digits)}` : undefined,
        )
      : undefined,
    filter.tagIds?.length
      ? sql`exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${contacts.id} and ${contactTags.tagId} in ${filter.tagIds})`
      : undefined,
  );
}

/**
 * Copies the matching contacts into the list in one INSERT … SELECT; a number the list has is left
 * as it is. Answers how many items were added.
 */
export async function addContactsToList(
  ctx: Ctx,
  contactListId: number,
  filter: ContactListFromContactsBody,
) {
  await showContactList(ctx, contactListId);
  const tagIds = filter.tagIds ?? [];
  if ((await companyTagIds(ctx.db, ctx.companyId, tagIds)).size !== new Set(tagIds).size)
    throw new AppError('ERR_VALIDATION', 'Unknown tag', { tagIds: msg.invalidValue });
  // An item's name takes 2 to 50 characters: a contact without one is named by its number.
  const result = await ctx.db.execute(sql`
    insert into ${contactListItems} (company_id, contact_list_id, name, number, email)
    select ${ctx.companyId}::int, ${contactListId}::int,
           left(case when length(trim(${contacts.name})) < 2 then ${contacts.number} else trim(${contacts.name}) end, 50),
           ${contacts.number}, ${contacts.email}
      from ${contacts}
     where ${matching(ctx.companyId, filter)}
    on conflict (contact_list_id, number) do nothing
    returning id`);
  const added = (result as unknown as { rows: unknown[] }).rows;
  if (added.length > 0) {
    await startNumberCheck(ctx, ctx.companyId, contactListId);
    publishContactListItem(ctx, ctx.companyId, { action: 'reload', contactListId });
  }
  await published(ctx, contactListId, 'update');
  return { added: added.length };
}
