import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { platformSecrets } from '../db/schema/index.js';

/**
 * A secret shared by every server process: the configured one, or one generated on first start and
 * kept in the database (never a built-in fallback that an attacker could know).
 */
export async function loadSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(platformSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
