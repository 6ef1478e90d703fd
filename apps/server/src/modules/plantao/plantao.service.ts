import { PAGE_SIZE, type Plantao, type SavePlantao } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { plantaoDays, plantoes, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findPlantao, searchPlantoes, weekdayNumber } from './plantao.queries.js';

export async function listPlantoes(ctx: Ctx, pageNumber: number) {
  const offset = (pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchPlantoes(ctx.db, ctx.companyId, { limit: PAGE_SIZE, offset });
  return { plantoes: rows, hasMore: offset + rows.length < total, count: total };
}

export async function showPlantao(ctx: Ctx, id: number): Promise<Plantao> {
  const found = await findPlantao(ctx.db, ctx.companyId, id);
  if (!found) throw new AppError('ERR_NO_PLANTAO_FOUND');
  return found;
}

/** The person on duty is a user of the company; another company's user is not found. */
async function requireUser(tx: Tx, companyId: number, userId: number) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 'Unknown user', { userId: 'plantaoUser' });
}

/** The week is replaced whole: the days named with both times are the duty, the rest is off. */
async function writeDays(tx: Tx, companyId: number, plantaoId: number, days: SavePlantao['days']) {
  await tx.delete(plantaoDays).where(tenant(plantaoDays, companyId, eq(plantaoDays.plantaoId, plantaoId)));
  const onDuty = days.filter((day) => day.startTime && day.endTime);
  await tx.insert(plantaoDays).values(
    onDuty.map((day) => ({
      companyId,
      plantaoId,
      weekday: weekdayNumber(day.weekdayEn),
      startTime: day.startTime,
      endTime: day.endTime,
    })),
  );
}

export async function createPlantao(ctx: Ctx, input: SavePlantao): Promise<Plantao> {
  const id = await ctx.db.transaction(async (tx) => {
    await requireUser(tx, ctx.companyId, input.userId);
    const [row] = await tx
      .insert(plantoes)
      .values({
        companyId: ctx.companyId,
        userId: input.userId,
        phone: input.phone,
        interval: input.interval,
      })
      .returning({ id: plantoes.id });
    if (!row) throw new AppError('ERR_INTERNAL');
    await writeDays(tx, ctx.companyId, row.id, input.days);
    return row.id;
  });
  return showPlantao(ctx, id);
}

export async function updatePlantao(ctx: Ctx, id: number, input: SavePlantao): Promise<Plantao> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(plantoes)
      .set({ userId: input.userId, phone: input.phone, interval: input.interval })
      .where(tenant(plantoes, ctx.companyId, eq(plantoes.id, id)))
      .returning({ id: plantoes.id });
    if (!row) throw new AppError('ERR_NO_PLANTAO_FOUND');
    await requireUser(tx, ctx.companyId, input.userId);
    await writeDays(tx, ctx.companyId, id, input.days);
  });
  return showPlantao(ctx, id);
}

export async function deletePlantao(ctx: Ctx, id: number): Promise<void> {
  const removed = await ctx.db
    .delete(plantoes)
    .where(tenant(plantoes, ctx.companyId, eq(plantoes.id, id)))
    .returning({ id: plantoes.id });
  if (removed.length === 0) throw new AppError('ERR_NO_PLANTAO_FOUND');
}
