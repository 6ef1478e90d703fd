import { resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** The address users reach the app at; used for links, widget snippets and cookie security. */
  PUBLIC_URL: z.string().url().optional(),
  /** Signs access tokens and media links; generated and kept in the database when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  ADMIN_EMAIL: z.string().email().default('admin@balcao.local'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  TRIAL_DAYS: z.coerce.number().int().min(0).default(3),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(16),
  ACCESS_TOKEN_TTL: z.string().default('15m'),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().positive().default(7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  /** Retries of an outbound message before it is marked failed (backoff from 5 s: about 75 s with 4). */
  DELIVERY_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(4),
  /** Set when behind a load balancer, so client addresses (rate limits) come from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    publicUrl: e.PUBLIC_URL,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    trialDays: e.TRIAL_DAYS,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    deliveryRetryLimit: e.DELIVERY_RETRY_LIMIT,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: e.WEB_DIST,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
  };
}
