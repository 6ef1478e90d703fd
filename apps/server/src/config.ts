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
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(16),
  ACCESS_TOKEN_TTL: z.string().default('15m'),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().positive().default(7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  /** How long an outbound message is retried (backoff up to an hour) before it is marked failed. */
  DELIVERY_RETRY_HOURS: z.coerce.number().positive().default(24),
  /** The first retry's delay; each next one twice as long, up to an hour. */
  DELIVERY_RETRY_BASE_SECONDS: z.coerce.number().positive().default(5),
  /** A send claimed by a process that stops renewing its claim for this long is taken by another. */
  DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(2).default(30),
  /** A send whose outcome is unknown (a timeout) waits this long for the channel's status before it is sent again. */
  DELIVERY_UNKNOWN_WAIT_SECONDS: z.coerce.number().positive().default(300),
  /** A campaign's dispatcher that stops renewing its lease for this long is replaced by another process. */
  CAMPAIGN_LEASE_SECONDS: z.coerce.number().int().min(2).default(30),
  /** An unanswered confirmation request expires this long after it was sent, once nothing else is left. */
  CAMPAIGN_CONFIRMATION_HOURS: z.coerce.number().positive().default(24),
  /** Set when behind a load balancer, so client addresses (rate limits) come from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seals stored credentials of outside services; generated and kept in the database when unset. */
  SECRET_BOX_KEY: z.string().min(32).optional(),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  /** Wavoip's device server, which places WhatsApp voice calls for a connection's wavoip token. */
  WAVOIP_URL: z.string().url().default('https://devices.wavoip.com'),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Google's OAuth token endpoint, where a Dialogflow service account trades its signed JWT. */
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  DIALOGFLOW_BASE_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  /**
   * Lets webhook, n8n and Typebot URLs that company users save lead to private addresses (loopback,
   * 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7): for an n8n on the server's own network.
   */
  ALLOW_PRIVATE_INTEGRATION_URLS: z.enum(['true', 'false']).default('false'),
  /** Longest wait for an outside service (OpenAI, Typebot, Dialogflow, webhooks) per call. */
  INTEGRATION_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Meta Graph API (Cloud API, Messenger, Instagram): base address and version of every call. */
  GRAPH_API_URL: z.string().url().default('https://graph.facebook.com'),
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v21.0'),
  /** The Meta app: its secret signs every webhook (X-Hub-Signature-256); id and secret exchange page tokens. */
  META_APP_ID: z.string().default(''),
  META_APP_SECRET: z.string().default(''),
  /** What Meta's webhook handshake must present (hub.verify_token). */
  META_VERIFY_TOKEN: z.string().default(''),
  /** The Facebook JavaScript SDK the connections page loads for "Continue with Facebook" (tests serve a fake). */
  FACEBOOK_SDK_URL: z.string().url().default('https://connect.facebook.net/en_US/sdk.js'),
  /** Milliseconds before a Graph API call is abandoned (and retried by the outbox). */
  GRAPH_API_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * Retries of a received file's download before its message says "file unavailable", the first this
   * many seconds later, each next one about twice as late (30 s and 5: about 15 minutes in all).
   */
  META_MEDIA_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(5),
  META_MEDIA_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  /** WhatsApp Web version Baileys announces, as "2,3000,N"; WhatsApp refuses stale ones with 405 (README). */
  WHATSAPP_WEB_VERSION: z
    .string()
    .regex(/^\d+,\d+,\d+$/)
    .default('2,3000,1023223821'),
  /** WhatsApp Web's socket address; only worth changing to point at a local stand-in. */
  WHATSAPP_WEB_SOCKET_URL: z.string().url().default('wss://web.whatsapp.com/ws/chat'),
  /** The name the phone lists under "Linked devices". */
  WHATSAPP_DEVICE_NAME: z.string().min(1).default('Desktop'),
  /** A WhatsApp session whose holder stops renewing for this long is taken over by another process. */
  WHATSAPP_LEASE_SECONDS: z.coerce.number().int().min(3).default(30),
  /** First reconnect delay after a lost connection; it doubles per attempt up to 5 minutes. */
  WHATSAPP_RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),
  /** How long the logout of a deleted connection's phone waits for WhatsApp to open its socket. */
  WHATSAPP_LOGOUT_WAIT_MS: z.coerce.number().int().min(1).default(20_000),
  /**
   * How often each server process tells the others on the database it is alive (Socket.IO's cluster
   * heartbeat); one silent for twice this long is taken for gone.
   */
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().optional(),
  /**
   * On SIGTERM, how long /ready answers 503 before the process stops taking requests: long enough for
   * a load balancer to notice (its check interval times its failure threshold).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).default(0),
  /** After draining, how long requests, sockets, sends and jobs in flight get to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** Where media files live: `disk` (DATA_DIR/media) or an S3-compatible bucket (the S3_* settings). */
  MEDIA_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service's address (MinIO, Cloudflare R2, DigitalOcean Spaces); AWS when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /**
   * The SMTP server password recovery codes may also be sent through by e-mail; without SMTP_HOST
   * they go by WhatsApp only. SMTP_SECURE is TLS from the first byte (port 465); otherwise the
   * connection is upgraded with STARTTLS where the server offers it.
   */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  /** The sender of those e-mails, as `Name <address>` or an address. */
  SMTP_FROM: z.string().min(3).default('Balcão <no-reply@balcao.local>'),
  /** Serves Prometheus metrics at /metrics to requests bearing it; without it there is no /metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The Pix provider's API in Efí's shape (OAuth client credentials, mutual TLS, `cob`, `loc`). */
  PIX_API_URL: z.string().url().default('https://pix.api.efipay.com.br'),
  PIX_CLIENT_ID: z.string().default(''),
  PIX_CLIENT_SECRET: z.string().default(''),
  /** Path of the client certificate the provider issued (.p12), presented on every call. */
  PIX_CERT: z.string().default(''),
  PIX_CERT_PASSPHRASE: z.string().default(''),
  /** Path of a PEM bundle to trust for the provider instead of the system's authorities. */
  PIX_CA: z.string().optional(),
  /** The platform's Pix key the charges are paid into. */
  PIX_KEY: z.string().default(''),
  /** What the provider's webhook must present (the `hmac` query parameter of the URL registered). */
  PIX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** How long a Pix charge can be paid before a new one is made. */
  PIX_CHARGE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Days before a company's due date its invoice is generated. */
  INVOICE_DAYS_AHEAD: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * The Ticketz database hosts the super user may import from on the companies screen, comma-separated
   * (names or addresses, as typed in the URL); unset, that import is off. The command line needs none.
   */
  IMPORT_DATABASE_HOSTS: z.string().default(''),
});

/**
 * A production install reachable at a public address must not run on secrets generated into the
 * database it backs up (a leaked dump would hold the keys to every token and credential) nor hand
 * cookies and tokens over plain http.
 */
function unsafeProductionSettings(e: z.infer<typeof envSchema>): string[] {
  if (e.NODE_ENV !== 'production' || !e.PUBLIC_URL) return [];
  const problems: string[] = [];
  if (!e.JWT_SECRET) problems.push('set JWT_SECRET (at least 32 random characters)');
  if (!e.SECRET_BOX_KEY) problems.push('set SECRET_BOX_KEY (at least 32 random characters)');
  if (!e.PUBLIC_URL.startsWith('https://')) {
    problems.push(
      `PUBLIC_URL must start with https:// (it is ${e.PUBLIC_URL}); terminate TLS in front of Balcão`,
    );
  }
  return problems;
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.MEDIA_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new Error('Invalid configuration: MEDIA_STORAGE=s3 needs S3_BUCKET');
  }
  const unsafe = unsafeProductionSettings(e);
  if (unsafe.length > 0) {
    throw new Error(
      `Refusing to start in production with unsafe settings: ${unsafe.join('; ')} (docs/operations.md)`,
    );
  }
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
    /** Days an audit entry is kept before the nightly sweep deletes it (docs/decisions.md). */
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    /** Trial companies one address may open per hour (docs/decisions.md). */
    signupsPerAddressHour: e.SIGNUP_MAX_PER_ADDRESS,
    delivery: {
      retryHours: e.DELIVERY_RETRY_HOURS,
      retryBaseSeconds: e.DELIVERY_RETRY_BASE_SECONDS,
      leaseSeconds: e.DELIVERY_LEASE_SECONDS,
      unknownWaitSeconds: e.DELIVERY_UNKNOWN_WAIT_SECONDS,
    },
    campaigns: {
      leaseSeconds: e.CAMPAIGN_LEASE_SECONDS,
      confirmationHours: e.CAMPAIGN_CONFIRMATION_HOURS,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: e.WEB_DIST,
    realtimeHeartbeatMs: e.REALTIME_HEARTBEAT_MS,
    secretBoxKey: e.SECRET_BOX_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    wavoipUrl: e.WAVOIP_URL.replace(/\/+$/, ''),
    openaiModel: e.OPENAI_MODEL,
    googleTokenUrl: e.GOOGLE_TOKEN_URL,
    dialogflowBaseUrl: e.DIALOGFLOW_BASE_URL.replace(/\/+$/, ''),
    integrationTimeoutMs: e.INTEGRATION_TIMEOUT_MS,
    allowPrivateIntegrationUrls: e.ALLOW_PRIVATE_INTEGRATION_URLS === 'true',
    meta: {
      graphUrl: e.GRAPH_API_URL.replace(/\/+$/, ''),
      graphVersion: e.GRAPH_API_VERSION,
      appId: e.META_APP_ID,
      appSecret: e.META_APP_SECRET,
      verifyToken: e.META_VERIFY_TOKEN,
      sdkUrl: e.FACEBOOK_SDK_URL,
      timeoutMs: e.GRAPH_API_TIMEOUT_MS,
      mediaRetryLimit: e.META_MEDIA_RETRY_LIMIT,
      mediaRetryDelaySeconds: e.META_MEDIA_RETRY_DELAY_SECONDS,
    },
    whatsapp: {
      version: e.WHATSAPP_WEB_VERSION.split(',').map(Number) as [number, number, number],
      deviceName: e.WHATSAPP_DEVICE_NAME,
      socketUrl: e.WHATSAPP_WEB_SOCKET_URL,
      leaseSeconds: e.WHATSAPP_LEASE_SECONDS,
      retryBaseMs: e.WHATSAPP_RETRY_BASE_MS,
      logoutWaitMs: e.WHATSAPP_LOGOUT_WAIT_MS,
    },
    metricsToken: e.METRICS_TOKEN,
    pix: {
      apiUrl: e.PIX_API_URL.replace(/\/+$/, ''),
      clientId: e.PIX_CLIENT_ID,
      clientSecret: e.PIX_CLIENT_SECRET,
      certPath: e.PIX_CERT,
      certPassphrase: e.PIX_CERT_PASSPHRASE,
      caPath: e.PIX_CA,
      key: e.PIX_KEY,
      webhookSecret: e.PIX_WEBHOOK_SECRET,
      chargeSeconds: e.PIX_CHARGE_SECONDS,
    },
    invoiceDaysAhead: e.INVOICE_DAYS_AHEAD,
    importDatabaseHosts: e.IMPORT_DATABASE_HOSTS.split(',')
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, '$1'),
      )
      .filter(Boolean),
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE === 'true',
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          from: e.SMTP_FROM,
        }
      : undefined,
    media: {
      storage: e.MEDIA_STORAGE,
      s3: {
        bucket: e.S3_BUCKET ?? '',
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
      },
    },
    shutdown: { drainSeconds: e.SHUTDOWN_DRAIN_SECONDS, timeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS },
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
  };
}
