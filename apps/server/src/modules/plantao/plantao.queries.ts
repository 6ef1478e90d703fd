import { type Plantao, WEEKDAYS, weekdayName } from '@balcao/shared';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { plantaoDays, plantoes, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

type DayRow = Pick<typeof plantaoDays.$inferSelect, 'plantaoId' | 'weekday' | 'startTime' | 'endTime'>;

/** Stored weekdays count from Sunday (0), as the engine's clock does; the contract's week starts Monday. */
export const weekdayNumber = (weekdayEn: (typeof WEEKDAYS)[number]) => (WEEKDAYS.indexOf(weekdayEn) + 1) % 7;

const record = {
  id: plantoes.id,
  userId: plantoes.userId,
  phone: plantoes.phone,
  interval: plantoes.interval,
};

/** The one shape of a record at every exit: the seven weekdays, Monday first, empty where off duty. */
function toPlantao(row: PlantaoRow, days: DayRow[]): Plantao {
  return {
    ...row.plantao,
    user: { name: row.userName },
    days: WEEKDAYS.map((weekdayEn) => {
      const day = days.find((d) => d.plantaoId === row.plantao.id && d.weekday === weekdayNumber(weekdayEn));
      return {
        weekday: weekdayName(weekdayEn),
        weekdayEn,
        startTime: day?.startTime ?? '',
        endTime: day?.endTime ?? '',
      };
    }),
  };
}

interface PlantaoRow {
  plantao: { id: number; userId: number; phone: string; interval: number };
  userName: string;
}

async function withDays(db: Db | Tx, rows: PlantaoRow[]): Promise<Plantao[]> {
  if (rows.length === 0) return [];
  const days = await db
    .select()
    .from(plantaoDays)
    .where(
      inArray(
        plantaoDays.plantaoId,
        rows.map((row) => row.plantao.id),
      ),
    );
  return rows.map((row) => toPlantao(row, days));
}

const selectRecords = (db: Db | Tx) =>
  db
    .select({ plantao: record, userName: users.name })
    .from(plantoes)
    .innerJoin(users, eq(users.id, plantoes.userId));

export async function findPlantao(db: Db | Tx, companyId: number, id: number): Promise<Plantao | undefined> {
  const rows = await selectRecords(db).where(tenant(plantoes, companyId, eq(plantoes.id, id)));
  const [found] = await withDays(db, rows);
  return found;
}

/** A page of the company's records by id, with the total; served by `plantoes_company_user_idx`. */
export async function searchPlantoes(db: Db, companyId: number, page: { limit: number; offset: number }) {
  const [rows, [totals]] = await Promise.all([
    selectRecords(db)
      .where(tenant(plantoes, companyId))
      .orderBy(asc(plantoes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(plantoes).where(tenant(plantoes, companyId)),
  ]);
  return { rows: await withDays(db, rows), total: totals?.total ?? 0 };
}
