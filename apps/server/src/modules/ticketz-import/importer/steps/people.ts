import { profiles } from '@balcao/shared';
import { isLegacyHash } from '../../../../platform/auth/passwords.js';
import { iso } from '../mapping.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, insertRows } from '../target.js';

interface UserRow {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  profile: string;
  super: boolean | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A hash that is not bcrypt cannot be checked here, so the user signs in after a password reset
 * (docs/decisions.md); this value never verifies.
 */
const RESET_REQUIRED = '!reset-required';

/**
 * Users, keeping their bcrypt hashes (checked and replaced by argon2 at their first sign-in). E-mails
 * are unique across companies here: one already used is left out and reported. Ticketz's super users
 * come in as admins of their company; this installation's super user stays its own.
 */
export function usersStep(ctx: Context): Step<UserRow> {
  return {
    table: 'Users',
    target: 'users',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<UserRow>(
        `select id, name, email, "passwordHash", profile, super, "createdAt", "updatedAt" from "Users"
          where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const emails = rows.map((row) => row.email.trim().toLowerCase());
      const { rows: taken } = await sql('select email from users where email = any($1::text[])', [emails]);
      const used = new Set((taken as { email: string }[]).map((row) => row.email));
      const fresh = rows.filter((row, i) => {
        if (!used.has(emails[i] as string)) return true;
        ctx.progress.skip('Users', 'emailTaken');
        ctx.progress.note({ key: 'userEmailTaken', email: row.email });
        return false;
      });
      const ids = await allocateIds(sql, 'users', fresh.length);
      await insertRows(
        sql,
        'users',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['name', 'text'],
          ['email', 'text'],
          ['password_hash', 'text'],
          ['profile', 'text'],
          ['created_at', 'timestamptz'],
          ['updated_at', 'timestamptz'],
        ],
        fresh.map((row, i) => {
          const keeps = isLegacyHash(row.passwordHash);
          if (!keeps) {
            ctx.progress.skip('Users.passwordHash', 'passwordNotBcrypt');
            ctx.progress.note({ key: 'passwordsToReset' });
          }
          if (row.super) ctx.progress.note({ key: 'superUsersAsAdmins' });
          const profile = (profiles as readonly string[]).includes(row.profile) ? row.profile : 'user';
          return [
            ids[i],
            ctx.companyId,
            row.name,
            row.email.trim().toLowerCase(),
            keeps ? row.passwordHash : RESET_REQUIRED,
            row.super ? 'admin' : profile,
            iso(row.createdAt),
            iso(row.updatedAt),
          ];
        }),
        { overriding: true },
      );
      return fresh.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}

interface LinkRow {
  a: number;
  b: number;
}

/**
 * A many-to-many table of Ticketz (user–queue, contact–tag, …) as ours: both ends must have been
 * imported; the link's id-map row (target 0) keeps a link removed here from coming back on a rerun.
 */
export function linkStep(
  ctx: Context,
  spec: {
    table: string;
    /** Selects a, b of the company's links after (a, b), ordered by a, b. */
    query: string;
    target: string;
    columns: readonly [string, string];
    ends: readonly [string, string];
  },
): Step<LinkRow> {
  return {
    table: spec.table,
    target: spec.target,
    key: (row) => `${row.a}:${row.b}`,
    page: (after, limit) =>
      ctx.source.query<LinkRow>(spec.query, [ctx.sourceCompanyId, after?.a ?? 0, after?.b ?? 0, limit]),
    async write(sql, rows) {
      const left = await ctx.ids.lookup(
        sql,
        spec.ends[0],
        rows.map((row) => String(row.a)),
      );
      const right = await ctx.ids.lookup(
        sql,
        spec.ends[1],
        rows.map((row) => String(row.b)),
      );
      const linked = rows.flatMap((row) => {
        const a = left.get(String(row.a));
        const b = right.get(String(row.b));
        if (a === undefined || b === undefined) {
          ctx.progress.skip(spec.table, 'linkEndMissing');
          return [];
        }
        return [{ row, a, b }];
      });
      await insertRows(
        sql,
        spec.target,
        [
          [spec.columns[0], 'int'],
          [spec.columns[1], 'int'],
        ],
        linked.map(({ a, b }) => [a, b]),
        { onConflict: 'on conflict do nothing' },
      );
      return linked.map(({ row }): Mapped => [`${row.a}:${row.b}`, 0]);
    },
  };
}

/** Keyset over a link table's (a, b) pairs, scoped to the company through `scope`. */
export const linkQuery = (table: string, a: string, b: string, scope: string) =>
  `select l."${a}" as a, l."${b}" as b from "${table}" l ${scope}
    and (l."${a}", l."${b}") > ($2, $3) order by l."${a}", l."${b}" limit $4`;
