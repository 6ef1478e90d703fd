import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { connectPostgres, type Database } from '../src/db/client.js';
import { campaigns, connections } from '../src/db/schema/index.js';
import { planShippings } from '../src/modules/campaigns/campaigns.dispatcher-planning.js';
import { runCampaign } from '../src/modules/campaigns/campaigns.dispatcher-run.js';
import { readCompanySettings } from '../src/modules/settings/settings.queries.js';
import { createActorLoader } from '../src/platform/auth/actor.js';
import type { AppDeps } from '../src/platform/context.js';
import type { ChannelAdapter } from '../src/platform/ports/channel-adapter.js';
import type { CampaignFigures, Row } from './table.js';
import { BENCH_ADMIN } from './tenant.js';

/** W7: a campaign of this many recipients is planned; this many of them are then sent. */
const RECIPIENTS = 100_000;
const SENT = 5_000;
/** Bench recipients' numbers start so, apart from every other bench contact. */
const PREFIX = '5599';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The dispatcher as the server runs it, on the bench database, but sending through a channel that
 * answers at once and with its pauses skipped: what is measured is the dispatcher's own work per send
 * (claim, recipient, settle, progress), not a channel's or the pacing's.
 */
function dispatcherDeps(database: Database, sent: { count: number }): AppDeps {
  const adapter: ChannelAdapter = {
    async send() {
      sent.count += 1;
      return { externalId: `wamid.BENCH${sent.count}`, ack: 1 };
    },
  };
  const quiet = { warn: () => undefined, error: () => undefined };
  return {
    db: database.db,
    // The send checks the company's plan for the channel, as the server does (cached per company).
    actors: createActorLoader(database.db, readCompanySettings),
    now: () => new Date(),
    sleep: async () => undefined,
    processId: `bench:${process.pid}`,
    config: { campaigns: { leaseSeconds: 30, confirmationHours: 24 } },
    channels: new Map([['whatsappapi', adapter]]),
    log: quiet,
    realtime: { toRoom: () => undefined },
    links: { url: () => null },
  } as unknown as AppDeps;
}

async function seedCampaign(database: Database) {
  const db = database.db;
  const [company] = rowsOf<{ company_id: number }>(
    await db.execute(sql`select company_id from users where email = ${BENCH_ADMIN.email}`),
  );
  const companyId = Number(company?.company_id);
  const [list] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into contact_lists (company_id, name) values (${companyId}, 'W7') returning id`,
    ),
  );
  await db.execute(sql`
    insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
    select ${companyId}, ${list?.id}, 'Cliente ' || g, ${PREFIX} || lpad(g::text, 9, '0'), 'c' || g || '@bench.test', true
    from generate_series(1, ${RECIPIENTS}) g`);
  const [connection] = await db
    .insert(connections)
    .values({
      companyId,
      name: 'W7 Cloud API',
      channel: 'whatsappapi',
      status: 'CONNECTED',
      token: randomUUID(),
    })
    .returning();
  const [campaign] = await db
    .insert(campaigns)
    .values({
      companyId,
      name: 'W7',
      status: 'EM_ANDAMENTO',
      contactListId: list?.id,
      connectionIds: [connection?.id ?? 0],
      message1: 'Olá {nome}, a oferta de hoje',
      message2: 'Oi {nome}! Seu número {numero} ganhou um cupom',
      message3: 'Bom dia, {nome}',
    })
    .returning();
  if (!campaign || !connection || !list) throw new Error('W7: campaign not created');
  return { companyId, campaign, connectionId: connection.id, listId: list.id };
}

/** Stops the run once `SENT` sends left, by cancelling the campaign (its claim then finds nothing). */
function stopAfter(database: Database, campaignId: number, sent: { count: number }) {
  let asked = false;
  const timer = setInterval(async () => {
    if (sent.count < SENT || asked) return;
    asked = true;
    clearInterval(timer);
    // A drizzle query runs when awaited.
    await database.db.execute(sql`update campaigns set status = 'CANCELADA' where id = ${campaignId}`);
  }, 5);
  return timer;
}

/**
 * W7: a 100,000-recipient campaign planned (its shipping rows, the variants drawn and filled) in one
 * statement, target under 5 s; then the dispatcher's own CPU per send, beside W5's per request, and
 * its memory at the start and the end of the sends (flat: nothing kept per send).
 */
export async function measureCampaign(bench: { url: string }): Promise<Row> {
  const database = await connectPostgres(bench.url);
  const setup = await seedCampaign(database);
  try {
    const load = loadavg()[0] ?? 0;
    const planStarted = performance.now();
    const planned = await planShippings(database.db, setup.campaign, []);
    const planMs = performance.now() - planStarted;

    const sent = { count: 0 };
    const deps = dispatcherDeps(database, sent);
    const stopper = stopAfter(database, setup.campaign.id, sent);
    const control = { stopped: false, halted: new Promise<void>(() => undefined) };
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(process.memoryUsage().rss / 2 ** 20), 250);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await runCampaign(deps, setup.campaign, { control, progress: async () => undefined });
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(stopper);
    clearInterval(sampler);
    const rssMb = memory.at(-1) ?? 0;
    const campaign: CampaignFigures = {
      planned,
      planMs,
      sends: sent.count,
      cpuMsPerSend: (cpu.user + cpu.system) / 1000 / Math.max(sent.count, 1),
      // The first second is the run settling in (its first queries prepared); from then on it should stay flat.
      rssStartMb: memory[Math.min(4, memory.length - 1)] ?? rssMb,
      rssEndMb: rssMb,
      rssPeakMb: Math.max(...memory, rssMb),
      load,
    };
    return {
      id: 'W7',
      title: `campaign: plan ${RECIPIENTS.toLocaleString('en')} recipients, then send`,
      request: 'planShippings + runCampaign (fake channel)',
      rps: (sent.count * 1000) / ms,
      requests: sent.count,
      p50: planMs,
      p95: planMs,
      p99: planMs,
      errors: planned === RECIPIENTS ? 0 : 1,
      item: 'sends',
      itemsPerRequest: 1,
      itemsPerSecond: (sent.count * 1000) / ms,
      singleMs: planMs,
      helloShare: 0,
      serverCpuMsPerRequest: campaign.cpuMsPerSend,
      databaseCpuMsPerRequest: 0,
      serverCpuShare: 0,
      rssMb,
      campaign,
    };
  } finally {
    await cleanUp(database, setup);
    await database.close();
  }
}

/** The bench tenant as it was: the campaign (its shippings go with it), its list, its connection and the contacts it made. */
async function cleanUp(database: Database, setup: Awaited<ReturnType<typeof seedCampaign>>) {
  const db = database.db;
  await db.execute(sql`delete from campaigns where id = ${setup.campaign.id}`);
  await db.execute(sql`delete from contact_lists where id = ${setup.listId}`);
  await db.execute(
    sql`delete from contacts where company_id = ${setup.companyId} and number like ${`${PREFIX}%`}`,
  );
  await db.execute(sql`delete from connections where id = ${setup.connectionId}`);
}
