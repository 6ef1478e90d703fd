import { storeOutbound } from '../modules/messages/messages.outbox.js';
import { type BotRun, changeTicketState, closeBySystem, say } from '../modules/tickets/tickets.bot-state.js';
import { botTexts, parseReply, renderMenu } from '../modules/tickets/tickets.bot-texts.js';
import { isOpenAt } from './hours.js';
import {
  companyUserExists,
  findOption,
  findQueue,
  loadFileList,
  menuQueues,
  type OptionRow,
  optionsUnder,
  type QueueRow,
} from './menu.queries.js';
import { routeTicket, sayQueuePosition } from './routing.js';

const MINUTE = 60_000;

/**
 * The connection's menu, while the ticket has no queue: the greeting and the numbered queues, the
 * customer's choice, "sair", and "Opção inválida" up to maxUseBotQueues times. One queue without
 * options is entered at once.
 */
export async function runConnectionMenu(run: BotRun, firstContact: boolean) {
  const { deps, ticket, connection } = run;
  const choices = await menuQueues(deps.db, ticket.companyId, connection.id);
  if (choices.length === 0) {
    if (firstContact) await say(deps, ticket, connection.greetingMessage, 'greeting');
    await changeTicketState(deps, ticket, { isBot: false, chatbotAt: deps.now() });
    return;
  }
  const only = choices.length === 1 ? choices[0] : undefined;
  if (only && !only.hasOptions) {
    if (firstContact && run.settings.sendGreetingMessageOneQueues === 'enabled')
      await say(deps, ticket, connection.greetingMessage, 'greeting');
    await enterQueue(run, only.queue, false);
    return;
  }
  const menu = renderMenu(
    connection.greetingMessage,
    choices.map((c) => c.queue.name),
    false,
  );
  if (ticket.chatbotAt === null) return showMenu(run, menu);
  const reply = parseReply(run.message.body);
  if (reply.kind === 'exit') return exitBot(run);
  const chosen = reply.kind === 'number' ? choices[reply.n - 1] : undefined;
  if (chosen) return enterQueue(run, chosen.queue, chosen.hasOptions);
  return invalidReply(run, menu);
}

/** The option tree inside the ticket's queue, at the option the customer reached. */
export async function runOptionTree(run: BotRun) {
  const { deps, ticket } = run;
  if (!ticket.queueId) return;
  const reply = parseReply(run.message.body);
  if (reply.kind === 'exit') return exitBot(run);
  if (reply.kind === 'back') return backToMainMenu(run);
  const queue = await findQueue(deps.db, ticket.companyId, ticket.queueId);
  if (!queue) return;
  const options = await optionsUnder(deps.db, ticket.companyId, queue.id, ticket.chatbotOptionId);
  if (options.length === 0) {
    await changeTicketState(deps, ticket, { isBot: false });
    return;
  }
  const chosen = reply.kind === 'number' ? options[reply.n - 1] : undefined;
  if (chosen) return chooseOption(run, queue, chosen);
  const intro = await introOf(run, queue);
  return invalidReply(
    run,
    renderMenu(
      intro,
      options.map((o) => o.name),
      true,
    ),
  );
}

async function introOf(run: BotRun, queue: QueueRow) {
  if (run.ticket.chatbotOptionId === null) return queue.greetingMessage;
  const current = await findOption(run.deps.db, run.ticket.companyId, run.ticket.chatbotOptionId);
  return current?.greetingMessage ?? '';
}

/** The menu again: counts one use, and starts the timeUseBotQueues pause when this was the last. */
async function showMenu(run: BotRun, menu: string, invalid = false) {
  const updated = await changeTicketState(run.deps, run.ticket, {
    isBot: true,
    chatbotAt: run.deps.now(),
    amountUsedBotQueues: invalid ? run.ticket.amountUsedBotQueues + 1 : 1,
  });
  if (!updated) return;
  run.ticket = updated;
  if (invalid) await say(run.deps, updated, botTexts.invalidOption);
  await say(run.deps, updated, menu, 'greeting');
}

/**
 * A reply that picks nothing. After maxUseBotQueues menus the bot goes quiet; with timeUseBotQueues
 * set, it offers the menu afresh once that many minutes passed since the last one.
 */
async function invalidReply(run: BotRun, menu: string) {
  const { ticket, connection } = run;
  if (ticket.amountUsedBotQueues < connection.maxUseBotQueues) return showMenu(run, menu, true);
  const pause = connection.timeUseBotQueues * MINUTE;
  const last = ticket.chatbotAt?.getTime() ?? 0;
  if (pause > 0 && run.deps.now().getTime() - last >= pause) return showMenu(run, menu);
}

async function exitBot(run: BotRun) {
  await closeBySystem(run.deps, run.ticket, { message: run.connection.complationMessage, logType: 'close' });
}

/** "#": out of the queue and back to the connection's menu. */
async function backToMainMenu(run: BotRun) {
  const updated = await changeTicketState(run.deps, run.ticket, {
    queueId: null,
    userId: null,
    chatbotOptionId: null,
    chatbotAt: null,
    amountUsedBotQueues: 0,
  });
  if (!updated) return;
  run.ticket = updated;
  await runConnectionMenu(run, false);
}

/**
 * The customer is in `queue`. Out of its hours (scheduleType queue) they wait there with its
 * out-of-hours message; a queue with options shows them; otherwise its greeting and files, then an
 * engine, a close or an attendant.
 */
async function enterQueue(run: BotRun, queue: QueueRow, hasOptions: boolean) {
  const { deps } = run;
  const now = deps.now();
  const outOfHours =
    run.settings.scheduleType === 'queue' && !isOpenAt(queue.schedules, now, run.company.timezone);
  const bot = hasOptions && !outOfHours;
  const updated = await changeTicketState(
    deps,
    run.ticket,
    {
      queueId: queue.id,
      chatbotOptionId: null,
      amountUsedBotQueues: bot ? 1 : 0,
      chatbotAt: now,
      isBot: bot,
      ...(outOfHours ? { outOfHoursSentAt: now } : {}),
    },
    { type: 'queue' },
  );
  if (!updated) return;
  run.ticket = updated;
  if (outOfHours) return say(deps, updated, queue.outOfHoursMessage);
  if (bot) {
    const options = await optionsUnder(deps.db, updated.companyId, queue.id, null);
    return say(
      deps,
      updated,
      renderMenu(
        queue.greetingMessage,
        options.map((o) => o.name),
        true,
      ),
    );
  }
  await say(deps, updated, queue.greetingMessage);
  if (queue.fileListId) await sendFileList(run, queue.fileListId);
  if (queue.closeTicket) return closeBySystem(deps, run.ticket, { message: '', logType: 'close' });
  if (queue.integrationId || queue.promptId) {
    const handed = await handOver(run, queue.integrationId, queue.promptId);
    if (handed) return;
  }
  await leaveToAttendants(run, queue);
}

/** The bot is done: the ticket waits in its queue, routed when the queue or company asks. */
async function leaveToAttendants(run: BotRun, queue: QueueRow) {
  const routed = await routeTicket(run.deps, run.ticket, queue, {
    timeZone: run.company.timezone,
    userRandom: run.settings.userRandom === 'enabled',
  });
  run.ticket = routed;
  if (run.settings.sendQueuePosition === 'enabled') await sayQueuePosition(run.deps, routed);
}

/** Hands the ticket to an integration or prompt; answers whether the engine took it. */
export async function handOver(run: BotRun, integrationId: number | null, promptId: number | null) {
  const updated = await changeTicketState(run.deps, run.ticket, {
    useIntegration: true,
    integrationId,
    promptId,
    isBot: false,
  });
  if (!updated) return false;
  run.ticket = updated;
  const result = await run.deps.integrations.runIntegration(run.deps, {
    companyId: updated.companyId,
    ticket: updated,
    connection: run.connection,
    message: run.message,
    integrationId,
    promptId,
  });
  return result === 'handled';
}

async function chooseOption(run: BotRun, queue: QueueRow, option: OptionRow) {
  const { deps } = run;
  const children = await optionsUnder(deps.db, run.ticket.companyId, queue.id, option.id);
  // An option without a message ends the dialog (spec 001 §4): nothing to show the next level with.
  const continues = children.length > 0 && option.greetingMessage.trim() !== '' && !option.closeTicket;
  const moves = await optionTarget(run, option);
  const updated = await changeTicketState(
    deps,
    run.ticket,
    {
      chatbotOptionId: option.id,
      amountUsedBotQueues: continues ? 1 : 0,
      chatbotAt: deps.now(),
      isBot: continues && moves === undefined,
      ...moves,
    },
    moves ? { type: 'queue' } : undefined,
  );
  if (!updated) return;
  run.ticket = updated;
  const text =
    continues && moves === undefined
      ? renderMenu(
          option.greetingMessage,
          children.map((c) => c.name),
          true,
        )
      : option.greetingMessage;
  await say(deps, updated, text);
  if (option.queueType === 'file' && option.optFileId) await sendFileList(run, option.optFileId);
  if (option.closeTicket) {
    await closeBySystem(deps, run.ticket, { message: '', logType: 'close' });
    return;
  }
  if (option.queueType === 'integration' && option.optIntegrationId) {
    await handOver(run, option.optIntegrationId, null);
    return;
  }
  if (run.ticket.isBot) return;
  const target = run.ticket.queueId
    ? await findQueue(deps.db, run.ticket.companyId, run.ticket.queueId)
    : undefined;
  if (target && run.ticket.userId === null) await leaveToAttendants(run, target);
}

/** Where a "queue" or "attendent" option sends the ticket; undefined for the other kinds. */
async function optionTarget(run: BotRun, option: OptionRow) {
  const { deps, ticket } = run;
  if (option.queueType !== 'queue' && option.queueType !== 'attendent') return undefined;
  const queue = option.optQueueId ? await findQueue(deps.db, ticket.companyId, option.optQueueId) : undefined;
  const queueId = queue?.id ?? ticket.queueId;
  if (option.queueType === 'queue') return { queueId, userId: null };
  const userId =
    option.optUserId && (await companyUserExists(deps.db, ticket.companyId, option.optUserId))
      ? option.optUserId
      : null;
  return { queueId, userId, status: 'pending' };
}

/** A file list: its message, then each file with its name as the caption. */
async function sendFileList(run: BotRun, fileListId: number) {
  const found = await loadFileList(run.deps.db, run.ticket.companyId, fileListId);
  if (!found) return;
  await say(run.deps, run.ticket, found.list.message);
  const { ticket } = run;
  for (const file of found.files)
    await storeOutbound(run.deps, {
      companyId: ticket.companyId,
      ticket: {
        id: ticket.id,
        contactId: ticket.contactId,
        connectionId: ticket.connectionId,
        queueId: ticket.queueId,
      },
      body: file.name,
      kind: 'bot',
      userId: null,
      media: { mediaPath: file.path, mediaType: file.mediaType || 'application', mediaName: file.name },
    });
}
