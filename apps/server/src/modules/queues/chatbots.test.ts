import { QUEUE_COLORS } from '@balcao/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;
interface Option {
  id: number;
  name: string;
  parentId: number | null;
  options: Option[];
}

const option = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  greetingMessage: '',
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  options: [],
  ...extra,
});

let colors = 0;
async function createQueue(tenant: Tenant, chatbots: unknown[] = []) {
  const { status, body } = await call(app, 'POST', '/queue', {
    token: tenant.admin.token,
    body: { name: `Queue ${colors}`, color: QUEUE_COLORS[colors++ % 50], chatbots },
  });
  expect(status).toBe(201);
  return body as { id: number; chatbots: Option[] };
}

const names = (options: Option[]): unknown[] =>
  options.map((o) => (o.options.length ? [o.name, names(o.options)] : o.name));

describe('the option tree saved with its queue', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(app, { plan: { queues: 50 } });
  });

  test('an option name under four characters is refused where it sits', async () => {
    const { status, body } = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: {
        name: 'Bot',
        color: QUEUE_COLORS[49],
        chatbots: [option('Menu', { greetingMessage: 'x', options: [option('Abc')] })],
      },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ 'chatbots.0.options.0.name': 'tooShort' });
  });

  test('an option with sub-options needs a message to introduce them', async () => {
    const { status, body } = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: {
        name: 'Bot',
        color: QUEUE_COLORS[49],
        chatbots: [option('Menu', { options: [option('Child')] })],
      },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ 'chatbots.0.greetingMessage': 'required' });
  });

  test('each kind of option names what it leads to', async () => {
    const { status, body } = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: {
        name: 'Bot',
        color: QUEUE_COLORS[49],
        chatbots: [
          option('To queue', { queueType: 'queue' }),
          option('To person', { queueType: 'attendent' }),
        ],
      },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({
      'chatbots.0.optQueueId': 'required',
      'chatbots.1.optQueueId': 'required',
      'chatbots.1.optUserId': 'required',
    });
  });

  test('an option leading to a user or queue of another company is refused and nothing is stored', async () => {
    const other = await createTenant(app, { plan: { queues: 5 } });
    const theirQueue = await createQueue(other);

    const toQueue = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: {
        name: 'Leaky',
        color: QUEUE_COLORS[48],
        chatbots: [option('Other queue', { queueType: 'queue', optQueueId: theirQueue.id })],
      },
    });
    const ownQueue = await createQueue(tenant);
    const toUser = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: {
        name: 'Leaky',
        color: QUEUE_COLORS[48],
        chatbots: [
          option('Other user', {
            queueType: 'attendent',
            optQueueId: ownQueue.id,
            optUserId: other.admin.id,
          }),
        ],
      },
    });

    expect([toQueue.status, toUser.status]).toEqual([400, 400]);
    expect(toQueue.body.fields).toEqual({ optQueueId: 'invalidValue' });
    expect(toUser.body.fields).toEqual({ optUserId: 'invalidValue' });
    const list = await call(app, 'GET', '/queue', { token: tenant.admin.token });
    expect(list.body.map((q: { name: string }) => q.name)).not.toContain('Leaky');
  });

  test('an option may lead to a queue and a user of the company', async () => {
    const target = await createQueue(tenant);
    const attendant = await createUser(app, tenant.companyId);

    const queue = await createQueue(tenant, [
      option('Talk to Ana', { queueType: 'attendent', optQueueId: target.id, optUserId: attendant.id }),
    ]);

    expect(queue.chatbots[0]).toMatchObject({ optQueueId: target.id, optUserId: attendant.id });
  });

  test('saving the tree keeps the options it still holds, adds the new and drops the rest', async () => {
    const queue = await createQueue(tenant, [
      option('Sales', { greetingMessage: 'Which?', options: [option('Plans'), option('Prices')] }),
      option('Support'),
    ]);
    const [sales, support] = queue.chatbots as [Option, Option];
    const [plans] = sales.options as [Option];

    const { status, body } = await call(app, 'PUT', `/queue/${queue.id}`, {
      token: tenant.admin.token,
      body: {
        chatbots: [
          option('Support', {
            id: support.id,
            greetingMessage: 'How?',
            options: [option('Plans', { id: plans.id }), option('Bugs')],
          }),
          option('Sales', { id: sales.id }),
        ],
      },
    });

    expect(status).toBe(200);
    expect(names(body.chatbots)).toEqual([['Support', ['Plans', 'Bugs']], 'Sales']);
    expect(body.chatbots[0].id).toBe(support.id);
    expect(body.chatbots[0].options[0]).toMatchObject({ id: plans.id, parentId: support.id });
    expect(body.chatbots[1].id).toBe(sales.id);
    const shown = await call(app, 'GET', `/queue/${queue.id}`, { token: tenant.admin.token });
    expect(names(shown.body.chatbots)).toEqual(names(body.chatbots));
  });

  test('an id from another queue’s tree is stored as a new option, leaving that tree alone', async () => {
    const first = await createQueue(tenant, [option('Keep me')]);
    const second = await createQueue(tenant);
    const [kept] = first.chatbots as [Option];

    const { body } = await call(app, 'PUT', `/queue/${second.id}`, {
      token: tenant.admin.token,
      body: { chatbots: [option('Borrowed', { id: kept.id })] },
    });

    expect(body.chatbots[0].id).not.toBe(kept.id);
    const firstAfter = await call(app, 'GET', `/queue/${first.id}`, { token: tenant.admin.token });
    expect(firstAfter.body.chatbots).toEqual(first.chatbots);
  });

  test('an update without chatbots leaves the tree as it is', async () => {
    const queue = await createQueue(tenant, [option('Stays')]);

    const { body } = await call(app, 'PUT', `/queue/${queue.id}`, {
      token: tenant.admin.token,
      body: { greetingMessage: 'New greeting' },
    });

    expect(body.chatbots).toEqual(queue.chatbots);
  });
});

describe('one option at a time (/chatbot)', () => {
  let tenant: Tenant;
  let queue: { id: number; chatbots: Option[] };
  beforeAll(async () => {
    tenant = await createTenant(app, { plan: { queues: 5 } });
    queue = await createQueue(tenant, [
      option('First', { greetingMessage: 'Pick', options: [option('Nested')] }),
    ]);
  });

  test('an option is read with its sub-options by any user of the company', async () => {
    const attendant = await createUser(app, tenant.companyId);
    const [first] = queue.chatbots as [Option];

    const { status, body } = await call(app, 'GET', `/chatbot/${first.id}`, { token: attendant.token });

    expect(status).toBe(200);
    expect(body).toEqual(first);
  });

  test('a new option goes last, under the queue or under an option', async () => {
    const [first] = queue.chatbots as [Option];
    const token = tenant.admin.token;

    const top = await call(app, 'POST', '/chatbot', {
      token,
      body: { ...option('Second'), queueId: queue.id },
    });
    const below = await call(app, 'POST', '/chatbot', {
      token,
      body: { ...option('Nested too', { options: [] }), queueId: queue.id, parentId: first.id },
    });

    expect([top.status, below.status]).toEqual([201, 201]);
    expect(below.body).toMatchObject({ parentId: first.id, queueId: queue.id });
    const shown = await call(app, 'GET', `/queue/${queue.id}`, { token });
    expect(names(shown.body.chatbots)).toEqual([['First', ['Nested', 'Nested too']], 'Second']);
  });

  test('a parent from another queue is refused', async () => {
    const otherQueue = await createQueue(tenant, [option('Elsewhere')]);

    const { status, body } = await call(app, 'POST', '/chatbot', {
      token: tenant.admin.token,
      body: { ...option('Lost'), queueId: queue.id, parentId: otherQueue.chatbots[0]?.id },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ parentId: 'invalidValue' });
  });

  test('an update replaces the option and its subtree, in its place', async () => {
    const created = await call(app, 'POST', '/chatbot', {
      token: tenant.admin.token,
      body: {
        ...option('Replace me', { greetingMessage: 'Go', options: [option('Old child')] }),
        queueId: queue.id,
      },
    });

    const { status, body } = await call(app, 'PUT', `/chatbot/${created.body.id}`, {
      token: tenant.admin.token,
      body: option('Replaced', { greetingMessage: 'Go on', options: [option('New child')] }),
    });

    expect(status).toBe(200);
    expect(names([body])).toEqual([['Replaced', ['New child']]]);
    expect(body.parentId).toBeNull();
  });

  test('deleting an option takes its sub-options with it', async () => {
    const created = await call(app, 'POST', '/chatbot', {
      token: tenant.admin.token,
      body: {
        ...option('Doomed', { greetingMessage: 'Bye', options: [option('Doomed child')] }),
        queueId: queue.id,
      },
    });
    const child = created.body.options[0].id;

    const { status } = await call(app, 'DELETE', `/chatbot/${created.body.id}`, {
      token: tenant.admin.token,
    });

    expect(status).toBe(204);
    const gone = await call(app, 'GET', `/chatbot/${child}`, { token: tenant.admin.token });
    expect(gone.status).toBe(404);
  });

  test('an attendant may read but not change options', async () => {
    const attendant = await createUser(app, tenant.companyId);
    const [first] = queue.chatbots as [Option];
    const token = attendant.token;

    const answers = await Promise.all([
      call(app, 'POST', '/chatbot', { token, body: { ...option('Mine'), queueId: queue.id } }),
      call(app, 'PUT', `/chatbot/${first.id}`, { token, body: option('Mine') }),
      call(app, 'DELETE', `/chatbot/${first.id}`, { token }),
    ]);

    expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
  });

  test('another company’s options and queues are not found', async () => {
    const other = await createTenant(app, { plan: { queues: 5 } });
    const [first] = queue.chatbots as [Option];
    const token = other.admin.token;

    const answers = await Promise.all([
      call(app, 'GET', `/chatbot/${first.id}`, { token }),
      call(app, 'PUT', `/chatbot/${first.id}`, { token, body: option('Taken') }),
      call(app, 'DELETE', `/chatbot/${first.id}`, { token }),
      call(app, 'POST', '/chatbot', { token, body: { ...option('Sneaky'), queueId: queue.id } }),
    ]);

    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    const still = await call(app, 'GET', `/chatbot/${first.id}`, { token: tenant.admin.token });
    expect(still.body.name).toBe('First');
  });
});
