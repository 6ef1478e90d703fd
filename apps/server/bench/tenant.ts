import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

export const BENCH_ADMIN = { email: 'bench-admin@balcao.test', password: 'Bench-admin-1' };
export const BENCH_USERS = 20;
/** W2 reads this 200-message conversation; nothing writes into it. */
export const CONVERSATION_TICKET = 50_000;
/** W5 and the socket fan-out write here (an open ticket of the admin's, its contact's only active one); the bench undoes it. */
export const SEND_TICKET = 49_999;

export const benchUserEmail = (n: number) => (n === 1 ? BENCH_ADMIN.email : `attendant${n}@balcao.test`);

const names = (list: string[]) => sql.raw(`array[${list.map((n) => `'${n}'`).join(', ')}]`);
const first = names([
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Heitor',
  'Isabel',
  'João',
]);
const last = names([
  'Silva',
  'Souza',
  'Costa',
  'Santos',
  'Oliveira',
  'Pereira',
  'Lima',
  'Gomes',
  'Ribeiro',
  'Alves',
]);

/**
 * The benchmark tenant of reference/benchmark.md, built with generate_series (minutes, not hours)
 * and deterministic: every figure comes from the row number, never from a random generator.
 * Runs on a dedicated database, so ids are the row numbers.
 */
export async function seedBenchTenant(db: Db, passwordHash: string): Promise<void> {
  const steps = [
    sql`insert into plans (name, users, connections, queues, amount_cents, is_public) values ('Bench', 100, 10, 10, 0, false)`,
    sql`insert into companies (name, plan_id, due_date) select 'Bench Tenant', max(id), '2999-01-01' from plans`,
    sql`insert into users (company_id, name, email, password_hash, profile)
        select c.id, case when g = 1 then 'Bench Admin' else 'Attendant ' || g end,
               case when g = 1 then ${BENCH_ADMIN.email} else 'attendant' || g || '@balcao.test' end,
               ${passwordHash}, case when g = 1 then 'admin' else 'user' end
        from generate_series(1, ${BENCH_USERS}) g, (select max(id) id from companies) c`,
    // Attendants may see every queue, so one ticket event reaches every user's sockets in the fan-out.
    sql`update users set all_ticket = 'enable' where profile = 'user' and company_id = (select max(id) from companies)`,
    sql`insert into queues (company_id, name, color, order_queue)
        select c.id, 'Queue ' || g, '#' || lpad(to_hex(g * 2500000), 6, '0'), g
        from generate_series(1, 5) g, (select max(id) id from companies) c`,
    // The admin serves every queue; each attendant two neighbouring ones.
    sql`insert into user_queues (user_id, queue_id)
        select u.id, q.id from users u join queues q on q.company_id = u.company_id
        where u.email = ${BENCH_ADMIN.email}
           or (q.order_queue - 1) in (u.id % 5, (u.id + 1) % 5)`,
    sql`insert into connections (company_id, name, channel, status, is_default, token)
        select max(id), 'Bench site', 'webchat', 'CONNECTED', true, 'BENCHBENCHBENCHBENCHBENCHBENCH' from companies`,
    sql`insert into contacts (id, company_id, name, number, channel, created_at)
        overriding system value
        select g, c.id,
               (${first})[1 + g % 10] || ' ' || (${last})[1 + (g / 10) % 10] || ' ' || substr(md5(g::text), 1, 6),
               '5511' || lpad(g::text, 9, '0'), 'webchat', now() - make_interval(secs => (g * 7919) % 7776000)
        from generate_series(1, 50000) g, (select max(id) id from companies) c`,
    // Tickets 1..20000 are the active ones (12% open, 8% pending), each with its own contact;
    // the bench's write target is open with the admin.
    sql`insert into tickets (id, company_id, contact_id, connection_id, queue_id, user_id, status, channel,
                             last_message, last_message_at, created_at, updated_at, accepted_at, closed_at)
        overriding system value
        select g, c.id, 1 + (g - 1) % 50000, w.id,
               case when g % 20 = 0 then null else q.first + g % 5 end,
               case when g > 12000 and g <= 20000 then null else u.first + g % 20 end,
               case when g <= 12000 or g = ${SEND_TICKET} then 'open' when g <= 20000 then 'pending' else 'closed' end,
               'webchat', 'Last message of ticket ' || g, t.moment, t.moment - interval '1 hour', t.moment,
               case when g > 12000 and g <= 20000 then null else t.moment - interval '50 minutes' end,
               case when g > 20000 and g <> ${SEND_TICKET} then t.moment else null end
        from generate_series(1, 100000) g
        cross join (select max(id) id from companies) c
        cross join (select max(id) id from connections) w
        cross join (select min(id) first from queues where company_id = (select max(id) from companies)) q
        cross join (select min(id) first from users where company_id = (select max(id) from companies)) u
        cross join lateral (select now() - make_interval(secs => (g::bigint * 104729) % 7776000) as moment) t`,
    sql`update tickets set user_id = (select id from users where email = ${BENCH_ADMIN.email}) where id = ${SEND_TICKET}`,
    sql`insert into webchat_visitors (company_id, connection_id, contact_id, visitor_id, secret_hash)
        select t.company_id, t.connection_id, t.contact_id, 'bench-visitor', 'x' from tickets t where t.id = ${SEND_TICKET}`,
    // Tickets 1000, 2000, … 100000 hold exactly 200 messages; 980,000 more spread over the rest; 4% images.
    sql`insert into messages (company_id, ticket_id, contact_id, connection_id, body, from_me, ack, media_type, media_path, created_at)
        select t.company_id, t.id, t.contact_id, t.connection_id, 'Message ' || m, m % 2 = 0, 3,
               case when m % 25 = 0 then 'image' end, case when m % 25 = 0 then 'company' || t.company_id || '/bench.png' end,
               t.created_at + make_interval(secs => m * 30)
        from tickets t cross join generate_series(1, 200) m where t.id % 1000 = 0`,
    sql`insert into messages (company_id, ticket_id, contact_id, connection_id, body, from_me, ack, media_type, media_path, created_at)
        select t.company_id, t.id, t.contact_id, t.connection_id, 'Message ' || g, g % 2 = 0, 3,
               case when g % 25 = 0 then 'image' end, case when g % 25 = 0 then 'company' || t.company_id || '/bench.png' end,
               t.created_at + make_interval(secs => g % 3600)
        from generate_series(1::bigint, 980000) g
        join tickets t on t.id = case when (1 + (g * 7919) % 100000) % 1000 = 0 then (g * 7919) % 100000 else 1 + (g * 7919) % 100000 end`,
    sql`insert into ticket_cycles (company_id, ticket_id, connection_id, queue_id, user_id, queued_at, accepted_at, first_reply_at, closed_at, created_at)
        select company_id, id, connection_id, queue_id, user_id, created_at, accepted_at,
               accepted_at + interval '3 minutes', closed_at, created_at from tickets`,
    // A fifth of the closed cycles rated on the 0–10 scale the bot asks, every score equally often.
    sql`insert into ticket_ratings (company_id, ticket_id, cycle_id, user_id, rate, scale, created_at)
        select c.company_id, c.ticket_id, c.id, c.user_id, (c.id / 5) % 11, 10, c.closed_at
        from ticket_cycles c where c.closed_at is not null and c.id % 5 = 0`,
    // The connection's timeline over the 90 days: down for ten minutes once a day.
    sql`insert into connection_status_events (company_id, connection_id, status, reason, created_at)
        select w.company_id, w.id, s.status, case when s.status = 'DISCONNECTED' then '428' end,
               now() - make_interval(days => d) + s.shift
        from connections w cross join generate_series(0, 89) d
        cross join (values ('DISCONNECTED', interval '0 minutes'), ('CONNECTED', interval '10 minutes')) s(status, shift)
        where w.company_id = (select max(id) from companies)`,
    sql`select setval(pg_get_serial_sequence('tickets', 'id'), (select max(id) from tickets))`,
    sql`select setval(pg_get_serial_sequence('contacts', 'id'), (select max(id) from contacts))`,
  ];
  // All or nothing: an interrupted seed leaves no half tenant that a later run would take as done.
  await db.transaction(async (tx) => {
    for (const step of steps) await tx.execute(step);
  });
  await db.execute(sql`analyze`);
}
