import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUOTE_MAX_AGE_MS } from '@meridian/contract';
import { z } from 'zod';
import { FIRST_PASSWORD_MIN, weakFirstPassword } from './first-password';
import { parseS3Url } from './s3-url';
import { parseSecretKey } from './secret-key';

/** The server package's folder, found from this file whether it runs from src/ or from the dist/ bundle. */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server folder not found');
    dir = parent;
  }
  return dir;
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const schema = z.object({
  NODE_ENV: optionalText,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  MIGRATE_ON_START: z.enum(['true', 'false']).default('false'),
  MIGRATE_LOCK_TIMEOUT: z.coerce.number().positive().max(600).default(5),
  MIGRATE_TIMEOUT: z.coerce.number().positive().max(86_400).default(600),
  REDIS_URL: optionalText,
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{0,100}$/, 'letters, digits and _ : . - only')
    .optional()
    .transform((v) => (v ? v : undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OPERATOR_EMAIL: z.string().email().default('admin@meridian.local'),
  OPERATOR_PASSWORD: optionalText,
  SECRET_KEY: optionalText,
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().trim().default('false'),
  PASSWORD_LOG_N: z.coerce.number().int().min(14).max(20).default(17),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(3650).default(30),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(3650).default(90),
  OUTBOX_ONLY: z.enum(['true', 'false']).default('false'),
  CHECK_ANSWERS: z.enum(['true', 'false']).default('false'),
  FOUR_EYES_AMOUNT: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('1000'),
  WEB_DIST: optionalText,
  ADMIN_DIST: optionalText,
  DEMO_INITIAL_BALANCE: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('100000'),
  SMTP_URL: optionalText,
  SMS_URL: z.union([z.literal(''), z.string().url()]).optional(),
  SMS_TOKEN: optionalText,
  MAIL_FROM: z.string().default('Meridian <no-reply@meridian.local>'),
  FEED: z.enum(['simulator', 'external']).default('simulator'),
  FEED_URL: optionalText,
  FEED_SEED: z.coerce.number().int().default(1),
  QUOTE_MAX_AGE: z.coerce
    .number()
    .positive()
    .default(QUOTE_MAX_AGE_MS / 1000),
  DEMO_TRADERS: z.enum(['on', 'off']).default('on'),
  RANKING_REFRESH_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  UPLOAD_DIR: optionalText,
  S3_URL: optionalText,
  PAYMENT_PAGE_URL: z.union([z.literal(''), z.string().url().startsWith('https://')]).default(''),
  WS_MAX_PER_IP: z.coerce.number().int().positive().default(100),
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 32, 'at least 32 characters')
    .transform((v) => (v ? v : undefined)),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** In-memory database (tests): nothing is written to DATA_DIR. */
  memoryDb: boolean;
  databaseUrl?: string;
  /** PostgreSQL: this node applies the migrations at start (db/migrate.ts); otherwise it refuses an older schema. */
  migrateOnStart: boolean;
  /** How long a migration's statement may wait for a table's lock (then nothing is applied). */
  migrationLockTimeoutMs: number;
  /** How long a migration's statement may run. */
  migrationStatementTimeoutMs: number;
  redisUrl?: string;
  /** Starts every Redis key and channel of this deployment, so deployments sharing a Redis stay apart. */
  redisPrefix: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  operatorEmail: string;
  /** The first operator's password; unset in embedded mode, one is made and shown once at the first start. */
  operatorPassword?: string;
  /** Seals secrets stored in the database (http/secrets.ts); required in production. */
  secretKey?: Buffer;
  corsOrigins: string[];
  /** Which proxies' X-Forwarded-For to believe: none, the nearest N hops, or these addresses and ranges. */
  trustProxy: false | number | string[];
  /** scrypt's cost as log2(N) for new password hashes; a hash of a lower cost is made again at sign-in. */
  passwordLogN: number;
  /** A trader's session ends after this long unused, and this long after sign-in whatever. */
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** An operator change of money above this (USD) waits for a second operator (admin/approvals.ts). */
  fourEyesAmount: string;
  webDist: string;
  /** The built back office, served at /admin. */
  adminDist: string;
  migrationsDir: string;
  /** A demo account's balance when created and after each reset (TRADING.md "Funding"). */
  demoInitialBalance: string;
  /** Mail goes out by SMTP when set, else into the outbox table and the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** SMS go to this provider webhook when set (accounts/delivery/sms-http.ts), else into the outbox. */
  smsUrl?: string;
  smsToken?: string;
  /** Where prices come from: the built-in simulator or the external providers at `feedUrls`, most preferred first (docs/feed-protocol.md). */
  feed: 'simulator' | 'external';
  feedUrls: string[];
  /** The simulator's seed: the same seed gives the same ticks. */
  feedSeed: number;
  /** A quote older than this while its market is open is stale (TRADING.md "Prices"). */
  quoteMaxAgeMs: number;
  /** Embedded mode only: seeded demo traders trade by themselves so the leaderboard lives. */
  demoTraders: boolean;
  /** How often the leaderboard is recomputed from closed trades. */
  rankingRefreshMs: number;
  /** Where uploaded images are kept in embedded mode (default <DATA_DIR>/uploads). */
  uploadDir: string;
  /** An S3-compatible bucket for uploaded images, with its access key (funding/s3-store.ts); else the database or uploadDir. */
  s3Url?: string;
  /** The first value of the payment_page_url setting (the deposit screen's payment page), which operators then edit. */
  paymentPageUrl: string;
  /** Websocket connections one address may hold open at once. */
  wsMaxPerIp: number;
  /** A bearer token that opens /metrics to callers other than this host's loopback. */
  metricsToken?: string;
  /** Every answer is checked against its endpoint's schema and a mismatch is a 500 (the test suites turn it on). */
  checkAnswers: boolean;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * TRUST_PROXY: `false`; a number of proxy hops in front of the server (`1` behind one nginx); or a
 * comma-separated list of the proxies' addresses and ranges. `true` would believe any X-Forwarded-For,
 * so every per-address limit could be dodged with a forged header: it is refused.
 */
function trustProxyOf(value: string): Config['trustProxy'] {
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true trusts any X-Forwarded-For: set the number of proxy hops (e.g. 1) or their addresses',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** FEED_URL: one provider's ws:// or wss:// address, or several separated by commas, most preferred first. */
function feedUrlsOf(value: string | undefined): string[] {
  const urls = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const url of urls) {
    if (!/^wss?:\/\/[^\s]+$/.test(url)) throw new Error(`FEED_URL: ${url} is not a ws:// or wss:// address`);
  }
  return urls;
}

type Env = z.infer<typeof schema>;

/** Production mode (DATABASE_URL, or NODE_ENV=production): nothing may fall back to a default someone else could know or read. */
function refuseWeakProduction(e: Env): void {
  if (!e.DATABASE_URL) {
    throw new Error(
      'NODE_ENV=production needs DATABASE_URL: the embedded database is the demo mode (unset NODE_ENV to run the demo)',
    );
  }
  if (!e.OPERATOR_PASSWORD)
    throw new Error('OPERATOR_PASSWORD must be set when DATABASE_URL is (production mode)');
  if (!e.SECRET_KEY)
    throw new Error('SECRET_KEY must be set when DATABASE_URL is (production mode): 32 bytes, hex or base64');
  if (!e.SMTP_URL && !e.SMS_URL && e.OUTBOX_ONLY !== 'true') {
    throw new Error(
      'Production mode needs SMTP_URL or SMS_URL to deliver sign-up and reset codes (set OUTBOX_ONLY=true to keep them in the outbox on purpose)',
    );
  }
}

/** Whoever signs in first with OPERATOR_PASSWORD chooses the first operator's own password and authenticator. */
function refuseWeakOperatorPassword(password: string): void {
  const why = weakFirstPassword(password);
  if (why) {
    throw new Error(
      `OPERATOR_PASSWORD is too easy to guess: ${why}. Use at least ${FIRST_PASSWORD_MIN} random characters, e.g. \`openssl rand -base64 18\``,
    );
  }
}

/**
 * The database's name (the embedded database's folder, hashed): every node of one deployment shares it, and
 * two deployments sharing a Redis by accident rarely do.
 */
function defaultRedisPrefix(e: Env): string {
  if (!e.DATABASE_URL) {
    return `meridian:embedded-${createHash('sha256').update(path.resolve(e.DATA_DIR)).digest('hex').slice(0, 12)}:`;
  }
  const url = new URL(e.DATABASE_URL);
  return `meridian:${decodeURIComponent(url.pathname.slice(1)) || url.username || 'postgres'}:`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.FEED === 'external' && !e.FEED_URL) throw new Error('FEED_URL must be set when FEED is external');
  if (e.DATABASE_URL || e.NODE_ENV === 'production') refuseWeakProduction(e);
  if (e.OPERATOR_PASSWORD) refuseWeakOperatorPassword(e.OPERATOR_PASSWORD);
  if (e.S3_URL) parseS3Url(e.S3_URL);
  const root = serverRoot();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    memoryDb: false,
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    migrationLockTimeoutMs: e.MIGRATE_LOCK_TIMEOUT * 1000,
    migrationStatementTimeoutMs: e.MIGRATE_TIMEOUT * 1000,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? defaultRedisPrefix(e),
    logLevel: e.LOG_LEVEL,
    operatorEmail: e.OPERATOR_EMAIL,
    operatorPassword: e.OPERATOR_PASSWORD,
    secretKey: e.SECRET_KEY ? parseSecretKey(e.SECRET_KEY) : undefined,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    passwordLogN: e.PASSWORD_LOG_N,
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
    sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
    fourEyesAmount: e.FOUR_EYES_AMOUNT,
    webDist: path.resolve(e.WEB_DIST ?? path.join(root, '../web/dist')),
    adminDist: path.resolve(e.ADMIN_DIST ?? path.join(root, '../admin/dist')),
    migrationsDir: path.join(root, 'drizzle'),
    demoInitialBalance: e.DEMO_INITIAL_BALANCE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL || undefined,
    smsToken: e.SMS_TOKEN,
    feed: e.FEED,
    feedUrls: feedUrlsOf(e.FEED_URL),
    feedSeed: e.FEED_SEED,
    quoteMaxAgeMs: e.QUOTE_MAX_AGE * 1000,
    demoTraders: e.DEMO_TRADERS === 'on' && !e.DATABASE_URL,
    rankingRefreshMs: e.RANKING_REFRESH_SECONDS * 1000,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    s3Url: e.S3_URL,
    checkAnswers: e.CHECK_ANSWERS === 'true',
    paymentPageUrl: e.PAYMENT_PAGE_URL,
    wsMaxPerIp: e.WS_MAX_PER_IP,
    metricsToken: e.METRICS_TOKEN,
  };
}

/**
 * OPERATOR_PASSWORD and SECRET_KEY for a start that must have them but keeps neither (tests, the reconcile
 * report): random each time, so no value anyone could copy into a deployment is ever accepted.
 */
export const throwawaySecrets = () => ({
  OPERATOR_PASSWORD: randomBytes(18).toString('hex'),
  SECRET_KEY: randomBytes(32).toString('hex'),
});

/** A config for tests: in-memory PGlite unless DATABASE_URL is given, quiet logs, port 0. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.DATABASE_URL,
    ...throwawaySecrets(),
    OUTBOX_ONLY: 'true',
    // The lowest cost scrypt allows here: the suites sign up and in hundreds of times.
    PASSWORD_LOG_N: '14',
    // Tests run the demo traders and the ranking job themselves.
    DEMO_TRADERS: 'off',
    CHECK_ANSWERS: 'true',
  });
  return { ...base, memoryDb: !base.databaseUrl, ...overrides };
}
