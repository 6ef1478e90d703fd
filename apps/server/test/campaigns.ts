import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaignSettings, campaigns } from '../src/db/schema/index.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A contact list of `count` recipients numbered from `prefix`, each also a customer of the Cloud API
 * connection who wrote within the last hour (so their 24-hour window is open), in a few statements.
 */
export async function seedAudience(
  app: FastifyInstance,
  tenant: { companyId: number; connectionId: number },
  count: number,
  prefix: string,
  options: { windowOpen?: boolean } = {},
) {
  const { companyId, connectionId } = tenant;
  const db = app.deps.db;
  const [list] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into contact_lists (company_id, name) values (${companyId}, 'Lista') returning id`,
    ),
  );
  const listId = Number(list?.id);
  await db.execute(sql`
    insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
    select ${companyId}, ${listId}, 'Cliente ' || g, ${prefix} || lpad(g::text, 6, '0'), 'c' || g || '@x.test', true
    from generate_series(1, ${count}) g`);
  if (options.windowOpen === false) return listId;
  await db.execute(sql`
    with made as (
      insert into contacts (company_id, name, number, channel)
      select ${companyId}, 'Cliente ' || g, ${prefix} || lpad(g::text, 6, '0'), 'whatsappapi'
      from generate_series(1, ${count}) g returning id, number
    ), linked as (
      insert into contact_identities (company_id, contact_id, connection_id, kind, value)
      select ${companyId}, id, ${connectionId}, 'phone', number from made returning contact_id
    ), opened as (
      insert into tickets (company_id, contact_id, connection_id, status, channel)
      select ${companyId}, contact_id, ${connectionId}, 'closed', 'whatsappapi' from linked returning id, contact_id
    )
    insert into messages (company_id, ticket_id, contact_id, connection_id, body, from_me, created_at)
    select ${companyId}, id, contact_id, ${connectionId}, 'oi', false, now() - interval '1 hour' from opened`);
  return listId;
}

/** A campaign of the company scheduled a second ago, which the dispatcher's next sweep starts. */
export async function scheduleCampaign(
  app: FastifyInstance,
  values: Partial<typeof campaigns.$inferInsert> & { companyId: number; connectionIds: number[] },
) {
  const [row] = await app.deps.db
    .insert(campaigns)
    .values({
      name: 'Promo',
      message1: 'Olá {nome}, oferta para {numero}',
      status: 'PROGRAMADA',
      scheduledAt: new Date(app.deps.now().getTime() - 1000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('campaign not created');
  await app.deps.jobs.send('campaigns.sweep', {});
  return row;
}

export async function setPacing(
  app: FastifyInstance,
  companyId: number,
  pacing: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number },
) {
  await app.deps.db
    .insert(campaignSettings)
    .values(Object.entries(pacing).map(([key, value]) => ({ companyId, key, value })))
    .onConflictDoUpdate({
      target: [campaignSettings.companyId, campaignSettings.key],
      set: { value: sql`excluded.value` },
    });
}

/** The campaign's status alone: cheap to poll, where its report counts every shipping at each read. */
export async function campaignStatus(app: FastifyInstance, id: number) {
  const [row] = await app.deps.db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row?.status;
}

/** The app's clock stands still but for the dispatcher's pauses, which move it on at once. */
export function fakeClock(app: FastifyInstance) {
  let now = Date.now();
  app.deps.now = () => new Date(now);
  app.deps.sleep = async (ms) => {
    now += ms;
  };
  return { advance: (ms: number) => (now += ms) };
}
