import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { botCompany, fakeClock } from '../../test/conversation.js';
import { createUser } from '../../test/fixtures.js';
import { connections, fileListOptions, fileLists, queueIntegrations } from '../db/schema/index.js';
import type { Integrations } from '../platform/context.js';

const app = await createTestApp();
afterAll(() => app.close());

const MENU = 'Olá! Escolha uma opção:\n\n[ 1 ] - Vendas\n[ 2 ] - Suporte\n[ Sair ] - Encerrar atendimento';

async function twoQueues() {
  const bot = await botCompany(app);
  const vendas = await bot.queue('Vendas', { greetingMessage: 'Bem-vindo a Vendas' });
  const suporte = await bot.queue('Suporte', { greetingMessage: 'Suporte: escolha' });
  return { bot, vendas, suporte };
}

describe('the connection menu', () => {
  test('greets with the numbered queues and puts the customer in the queue they pick', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot, vendas } = await twoQueues();
    const customer = bot.customer();

    expect(await customer.says('Oi')).toEqual([MENU]);
    expect(await customer.says('1')).toEqual(['Bem-vindo a Vendas']);

    expect(await customer.ticket()).toMatchObject({
      status: 'pending',
      queueId: vendas.id,
      userId: null,
      isBot: false,
    });
    expect(await customer.logs()).toEqual([
      { type: 'create', userId: null, queueId: null },
      { type: 'queue', userId: null, queueId: vendas.id },
    ]);
  });

  test('answers "Opção inválida" and the menu again, then goes quiet after maxUseBotQueues', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot } = await twoQueues();
    const customer = bot.customer();

    await customer.says('Oi');
    expect(await customer.says('quero comprar')).toEqual(['Opção inválida, tente novamente.', MENU]);
    expect(await customer.says('9')).toEqual(['Opção inválida, tente novamente.', MENU]);
    expect(await customer.says('?')).toEqual([]);
    expect(await customer.ticket()).toMatchObject({
      status: 'pending',
      queueId: null,
      amountUsedBotQueues: 3,
    });
  });

  test('after timeUseBotQueues minutes of silence the menu is offered afresh', async () => {
    const clock = fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot } = await twoQueues();
    await app.deps.db
      .update(connections)
      .set({ maxUseBotQueues: 1, timeUseBotQueues: 10 })
      .where(eq(connections.id, bot.connection.id));
    const customer = bot.customer();

    await customer.says('Oi');
    clock.advanceMinutes(9);
    expect(await customer.says('x')).toEqual([]);
    clock.advanceMinutes(2);
    expect(await customer.says('x')).toEqual([MENU]);
  });

  test('"sair" closes the ticket with the closing message', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot } = await twoQueues();
    const customer = bot.customer();

    await customer.says('Oi');
    expect(await customer.says('SAIR')).toEqual(['Atendimento encerrado. Obrigado!']);
    expect(await customer.ticket()).toMatchObject({ status: 'closed', queueId: null, isBot: false });
    expect((await customer.logs()).at(-1)).toMatchObject({ type: 'close', userId: null });
  });

  test('one queue without options: greeting only with sendGreetingMessageOneQueues, then the queue and its position', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await botCompany(app);
    const only = await bot.queue('Atendimento', { greetingMessage: 'Já vamos te atender' });
    await bot.setting('sendQueuePosition', 'enabled');
    await bot.setting('sendGreetingMessageOneQueues', 'disabled');
    const first = bot.customer();
    const second = bot.customer();

    expect(await first.says('Oi')).toEqual([
      'Já vamos te atender',
      'Você está na posição 1 da fila. Em breve um atendente falará com você.',
    ]);
    await bot.setting('sendGreetingMessageOneQueues', 'enabled');
    expect(await second.says('Oi')).toEqual([
      'Olá! Escolha uma opção:',
      'Já vamos te atender',
      'Você está na posição 2 da fila. Em breve um atendente falará com você.',
    ]);
    expect(await second.ticket()).toMatchObject({ queueId: only.id, status: 'pending' });
  });
});

describe('option trees', () => {
  test('walk three levels deep, "#" goes back to the main menu, an invalid reply re-lists the level', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot, suporte } = await twoQueues();
    const internet = await bot.option(suporte.id, 'Internet', {
      greetingMessage: 'Internet: qual problema?',
    });
    await bot.option(suporte.id, 'Telefone');
    const lenta = await bot.option(suporte.id, 'Lenta', {
      parentId: internet.id,
      greetingMessage: 'Lenta: onde?',
    });
    await bot.option(suporte.id, 'Casa', {
      parentId: lenta.id,
      greetingMessage: 'Reinicie o roteador de casa.',
    });
    const customer = bot.customer();

    await customer.says('Oi');
    expect(await customer.says('2')).toEqual([
      'Suporte: escolha\n\n[ 1 ] - Internet\n[ 2 ] - Telefone\n[ # ] - Voltar ao menu principal\n[ Sair ] - Encerrar atendimento',
    ]);
    expect(await customer.says('1')).toEqual([
      'Internet: qual problema?\n\n[ 1 ] - Lenta\n[ # ] - Voltar ao menu principal\n[ Sair ] - Encerrar atendimento',
    ]);
    expect(await customer.says('5')).toEqual([
      'Opção inválida, tente novamente.',
      'Internet: qual problema?\n\n[ 1 ] - Lenta\n[ # ] - Voltar ao menu principal\n[ Sair ] - Encerrar atendimento',
    ]);
    expect(await customer.says('1')).toEqual([
      'Lenta: onde?\n\n[ 1 ] - Casa\n[ # ] - Voltar ao menu principal\n[ Sair ] - Encerrar atendimento',
    ]);
    expect(await customer.ticket()).toMatchObject({
      queueId: suporte.id,
      chatbotOptionId: lenta.id,
      isBot: true,
    });
    expect(await customer.says('1')).toEqual(['Reinicie o roteador de casa.']);
    expect(await customer.ticket()).toMatchObject({ queueId: suporte.id, isBot: false, status: 'pending' });

    const other = bot.customer();
    await other.says('Oi');
    await other.says('2');
    await other.says('1');
    expect(await other.says('#')).toEqual([MENU]);
    expect(await other.ticket()).toMatchObject({ queueId: null, chatbotOptionId: null, isBot: true });
  });

  test('queue and attendent options move the ticket; closeTicket closes it', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot, vendas, suporte } = await twoQueues();
    const financeiro = await bot.queue('Financeiro', {}, false);
    const agent = await createUser(app, bot.companyId, { name: 'Ana' });
    await bot.option(vendas.id, 'Boletos', { queueType: 'queue', optQueueId: financeiro.id });
    await bot.option(vendas.id, 'Falar com a Ana', {
      queueType: 'attendent',
      optQueueId: suporte.id,
      optUserId: agent.id,
    });
    await bot.option(vendas.id, 'Só isso', {
      queueType: 'text',
      closeTicket: true,
      greetingMessage: 'Até logo!',
    });

    const toQueue = bot.customer();
    await toQueue.says('Oi');
    await toQueue.says('1');
    expect(await toQueue.says('1')).toEqual(['Você escolheu Boletos']);
    expect(await toQueue.ticket()).toMatchObject({
      queueId: financeiro.id,
      userId: null,
      status: 'pending',
      isBot: false,
    });

    const toAgent = bot.customer();
    await toAgent.says('Oi');
    await toAgent.says('1');
    await toAgent.says('2');
    expect(await toAgent.ticket()).toMatchObject({
      queueId: suporte.id,
      userId: agent.id,
      status: 'pending',
      isBot: false,
    });

    const leaving = bot.customer();
    await leaving.says('Oi');
    await leaving.says('1');
    expect(await leaving.says('3')).toEqual(['Até logo!']);
    expect(await leaving.ticket()).toMatchObject({ status: 'closed' });
  });

  test('an attendent option naming another company’s user leaves the ticket unassigned', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot, vendas } = await twoQueues();
    const stranger = await botCompany(app);
    await bot.option(vendas.id, 'Falar com alguém', {
      queueType: 'attendent',
      optUserId: stranger.tenant.admin.id,
    });
    const customer = bot.customer();
    await customer.says('Oi');
    await customer.says('1');
    await customer.says('1');
    expect(await customer.ticket()).toMatchObject({ queueId: vendas.id, userId: null });
  });

  test('a file option sends the list’s message and each file', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot, vendas } = await twoQueues();
    const [list] = await app.deps.db
      .insert(fileLists)
      .values({ companyId: bot.companyId, name: 'Catálogos', message: 'Nossos catálogos:' })
      .returning();
    if (!list) throw new Error('no list');
    await app.deps.db.insert(fileListOptions).values([
      {
        companyId: bot.companyId,
        fileListId: list.id,
        name: 'Verão.pdf',
        path: 'c/verao.pdf',
        mediaType: 'application',
      },
      {
        companyId: bot.companyId,
        fileListId: list.id,
        name: 'Inverno.pdf',
        path: 'c/inverno.pdf',
        mediaType: 'application',
      },
    ]);
    await bot.option(vendas.id, 'Catálogo', {
      queueType: 'file',
      optFileId: list.id,
      greetingMessage: 'Segue:',
    });
    const customer = bot.customer();
    await customer.says('Oi');
    await customer.says('1');
    expect(await customer.says('1')).toEqual(['Segue:', 'Nossos catálogos:', 'Verão.pdf', 'Inverno.pdf']);
  });

  test('an integration option hands the ticket and its next messages to the engine', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot, vendas } = await twoQueues();
    const [integration] = await app.deps.db
      .insert(queueIntegrations)
      .values({ companyId: bot.companyId, type: 'webhook', name: 'Robô', projectName: 'Robô' })
      .returning();
    if (!integration) throw new Error('no integration');
    await bot.option(vendas.id, 'Robô', {
      queueType: 'integration',
      optIntegrationId: integration.id,
      greetingMessage: '',
    });
    const runs: { body: string; integrationId: number | null }[] = [];
    const engine: Integrations = {
      ...app.deps.integrations,
      runIntegration: async (_deps, run) => {
        runs.push({ body: run.message.body, integrationId: run.integrationId });
        return 'handled';
      },
    };
    const before = app.deps.integrations;
    app.deps.integrations = engine;
    try {
      const customer = bot.customer();
      await customer.says('Oi');
      await customer.says('1');
      await customer.says('1');
      expect(await customer.says('quero um orçamento')).toEqual([]);
      expect(runs).toEqual([
        { body: '1', integrationId: integration.id },
        { body: 'quero um orçamento', integrationId: integration.id },
      ]);
      expect(await customer.ticket()).toMatchObject({
        useIntegration: true,
        integrationId: integration.id,
        isBot: false,
      });
    } finally {
      app.deps.integrations = before;
    }
  });

  test("a slow engine holds the customer's next message only a moment, not until it answers", async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const { bot, vendas } = await twoQueues();
    const [integration] = await app.deps.db
      .insert(queueIntegrations)
      .values({ companyId: bot.companyId, type: 'webhook', name: 'Lento', projectName: 'Lento' })
      .returning();
    if (!integration) throw new Error('no integration');
    await bot.option(vendas.id, 'Lento', {
      queueType: 'integration',
      optIntegrationId: integration.id,
      greetingMessage: '',
    });
    let answer = () => {};
    const engine: Integrations = {
      ...app.deps.integrations,
      runIntegration: (_deps, run) =>
        run.message.body === 'devagar'
          ? new Promise((done) => {
              answer = () => done('handled');
            })
          : Promise.resolve('handled'),
    };
    const before = app.deps.integrations;
    app.deps.integrations = engine;
    try {
      const customer = bot.customer();
      await customer.says('Oi');
      await customer.says('1');
      await customer.says('1');
      const slow = customer.says('devagar');

      await customer.says('ainda aí?');

      expect(await customer.ticket()).toMatchObject({ lastMessage: 'ainda aí?' });
      answer();
      await slow;
    } finally {
      app.deps.integrations = before;
    }
  });
});
