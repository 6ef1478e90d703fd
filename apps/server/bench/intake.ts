import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { cpuMs, memoryMb } from './processes.js';
import { median } from './stats.js';

/**
 * W6: inbound intake through the Cloud API webhook. Ten senders post signed deliveries (one
 * customer message each, 500 customers in turn, so new contacts and tickets mix with known ones);
 * at the end the stored rows are counted against the deliveries answered 200: none lost, none doubled.
 */
const INTAKE_SECRET = 'bench-meta-app-secret';
export const intakeEnv = { META_APP_SECRET: INTAKE_SECRET };

const PHONE_NUMBER_ID = '990000000000001';
const CUSTOMERS = 500;
const SENDERS = 10;

export const intakePayload = (from: string, id: string, body = 'Olá, preciso de ajuda') =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'BENCH',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5511000000000', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: `Bench ${from.slice(-4)}` }, wa_id: from }],
              messages: [
                {
                  from,
                  id,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body },
                },
              ],
            },
          },
        ],
      },
    ],
  });

export async function postDelivery(url: string, body: string) {
  const signature = `sha256=${createHmac('sha256', INTAKE_SECRET).update(body).digest('hex')}`;
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    body,
  });
  await response.arrayBuffer();
  return { ok: response.status === 200, ms: performance.now() - started };
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A Cloud API connection of the tenant for one run's deliveries; `remove` takes it away with its conversations. */
export async function intakeConnection(databaseUrl: string, companyId: number, run: string) {
  const connectionId = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `insert into connections (company_id, name, channel, status, token, phone_number_id, access_token)
       values ($1, 'Bench Cloud API', 'whatsappapi', 'CONNECTED', $2, $3, null) returning id`,
      [companyId, `BENCH${run}`.padEnd(30, 'X').toUpperCase(), PHONE_NUMBER_ID],
    );
    return rows[0].id as number;
  });
  // The run's conversations are the bench's own: removed so the tenant stays as built.
  const remove = () =>
    withClient(databaseUrl, async (client) => {
      await client.query('delete from messages where connection_id = $1', [connectionId]);
      await client.query('delete from tickets where connection_id = $1', [connectionId]);
      await client.query(
        `delete from contacts c where c.company_id = $1 and c.channel = 'whatsappapi'
           and not exists (select 1 from tickets t where t.contact_id = c.id)`,
        [companyId],
      );
      await client.query('delete from connections where id = $1', [connectionId]);
    });
  return { connectionId, remove };
}

/** Runs W6 against the started server and answers its row for the results table. */
export async function measureIntake(
  base: string,
  databaseUrl: string,
  companyId: number,
  seconds: number,
  pid: number,
) {
  const run = randomUUID().slice(0, 8);
  const url = `${base}/webhooks/meta`;
  const connection = await intakeConnection(databaseUrl, companyId, run);
  const { connectionId } = connection;
  let sequence = 0;
  const nextBody = () => {
    const n = sequence++;
    return intakePayload(`55119${String(n % CUSTOMERS).padStart(8, '0')}`, `wamid.BENCH${run}.${n}`);
  };
  try {
    const single: number[] = [];
    for (let i = 0; i < 30; i++) single.push((await postDelivery(url, nextBody())).ms);

    const latencies: number[] = [];
    let answered = 0;
    let errors = 0;
    const cpuBefore = cpuMs(pid);
    const until = Date.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (Date.now() < until) {
          const result = await postDelivery(url, nextBody()).catch(() => ({ ok: false, ms: 0 }));
          if (result.ok) {
            answered++;
            latencies.push(result.ms);
          } else errors++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = cpuMs(pid) - cpuBefore;
    const stored = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query(
        'select count(*)::int as total, count(distinct external_id)::int as distinct from messages where connection_id = $1',
        [connectionId],
      );
      return rows[0] as { total: number; distinct: number };
    });
    const expected = answered + single.length;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
    const rps = answered / elapsed;
    return {
      row: {
        id: 'W6',
        title: 'inbound intake through the Cloud API webhook',
        request: 'POST /webhooks/meta (signed, one message per delivery)',
        rps,
        requests: answered,
        p50: pct(50),
        p95: pct(95),
        p99: pct(99),
        errors,
        item: 'messages',
        itemsPerRequest: 1,
        itemsPerSecond: rps,
        singleMs: median(single),
        serverCpuMsPerRequest: answered ? cpu / answered : 0,
        serverCpuShare: cpu / (seconds * 1000),
        rssMb: memoryMb(pid, 'VmRSS'),
      },
      check: {
        answered: expected,
        stored: stored.total,
        distinct: stored.distinct,
        lost: expected - stored.distinct,
        doubled: stored.total - stored.distinct,
      },
    };
  } finally {
    await connection.remove();
  }
}
