import { can, type UpdateTicketBody } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { tickets } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requirePlan } from '../../platform/permissions.js';
import { findPrompt } from '../prompts/prompts.queries.js';
import { readSetting } from '../settings/settings.queries.js';
import { findVisibleTicket } from './tickets.access.js';
import { type BotSettings, planBotSettings, planTicketChange, type TicketChange } from './tickets.rules.js';
import {
  applyBotSettings,
  applyTicketChange,
  contactHasTag,
  findTicketHolder,
  findTransferTarget,
  otherActiveTicket,
  queueExists,
} from './tickets.transitions.queries.js';

type PlannedChange = Exclude<TicketChange, { action: 'none' | 'taken' }>;

/** A change re-planned this many times, the ticket changing under it each time, answers already-taken. */
const MAX_ATTEMPTS = 3;

/**
 * Accept, reopen, close, return and transfer (spec 000 §4), and the bot's state sent beside them. The
 * change is planned from the ticket as read and applied only if it is still so. When it changed
 * meanwhile, an accept or reopen that lost to someone now holding the ticket answers who; other changes
 * are planned again from the ticket as it is. `bot` is what of the bot's state changed, if anything.
 */
export async function changeTicket(ctx: Ctx, id: number, body: UpdateTicketBody) {
  const mover = { userId: ctx.actor.userId, movesAny: can(ctx.actor, 'tickets:transferAny') };
  for (let attempt = 1; ; attempt++) {
    const current = await findVisibleTicket(ctx.db, ctx.actor, id);
    if (!current) throw new AppError('ERR_NO_TICKET_FOUND');
    const change = planTicketChange(current, body, mover);
    if (change.action === 'taken') throw await alreadyTaken(ctx, id);
    const bot = planBotSettings(current, body, mover);
    if (bot) await checkBotSettings(ctx, bot);
    if (change.action === 'none') {
      if (bot) await applyBotSettings(ctx.db, ctx.companyId, current.id, bot, ctx.now());
      return { current, change, bot };
    }
    if (attempt > MAX_ATTEMPTS) throw await alreadyTaken(ctx, id);
    await checkChange(ctx, current, change);

    const now = ctx.now();
    let applied: boolean;
    try {
      applied = await ctx.db.transaction((tx) =>
        applyTicketChange(tx, ctx.companyId, current, { ...change, bot }, now, ctx.actor.userId),
      );
    } catch (error) {
      if (!isUniqueViolation(error, 'tickets_company_contact_connection_active_key')) throw error;
      const other = await findTicketHolder(ctx.db, ctx.links, ctx.companyId, otherActiveTicket(current));
      throw new AppError('ERR_OTHER_OPEN_TICKET', 'The contact has another active ticket', undefined, other);
    }
    if (applied) return { current, change, bot };
    if (change.action === 'accept' || change.action === 'reopen') {
      const taken = await alreadyTaken(ctx, id);
      if (taken.details?.userId != null) throw taken;
    }
  }
}

/** The ticket's new queue and user must be the company's, and the user must serve that queue. */
async function checkChange(ctx: Ctx, current: { contactId: number }, change: PlannedChange) {
  if (change.queueId && !(await queueExists(ctx.db, ctx.companyId, change.queueId)))
    throw new AppError('ERR_VALIDATION', 'Unknown queue', { queueId: 'invalidValue' });
  if (change.action === 'transfer' && change.userId !== null && change.queueId) {
    const target = await findTransferTarget(ctx.db, ctx.companyId, change.userId, change.queueId);
    if (!target) throw new AppError('ERR_NO_USER_FOUND');
    // Admins answer every queue (they see all of them); others only the queues they serve.
    if (target.profile !== 'admin' && !target.servesQueue)
      throw new AppError('ERR_VALIDATION', 'The user does not serve this queue', { userId: 'invalidValue' });
  }
  if (
    change.action === 'close' &&
    (await readSetting(ctx.db, ctx.companyId, 'requiredTag')) === 'enabled' &&
    !(await contactHasTag(ctx.db, ctx.companyId, current.contactId))
  )
    throw new AppError('ERR_TAG_REQUIRED');
}

/** A prompt named must be the company's, and its plan must have the AI assistant (spec 001 §6). */
async function checkBotSettings(ctx: Ctx, bot: BotSettings) {
  if (!bot.promptId) return;
  requirePlan(ctx.actor, 'useOpenAi');
  if (!(await findPrompt(ctx.db, ctx.companyId, bot.promptId))) throw new AppError('ERR_NO_PROMPT_FOUND');
}

/** The already-taken answer, naming who holds the ticket now. */
async function alreadyTaken(ctx: Ctx, id: number) {
  const holder = await findTicketHolder(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, id));
  return new AppError('ERROR_TICKET_OPEN', 'The ticket was taken meanwhile', undefined, holder);
}
