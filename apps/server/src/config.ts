import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OPERATOR_EMAIL: z.string().email().default('admin@meridian.local'),
  OPERATOR_PASSWORD: optionalText,
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
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
  QUOTE_MAX_AGE: z.coerce.number().positive().default(10),
  BACKFILL_DAYS: z.coerce.number().min(0).max(365).default(30),
  DEMO_TRADERS: z.enum(['on', 'off']).default('on'),
  RANKING_REFRESH_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  UPLOAD_DIR: optionalText,
  PAYMENT_PAGE_URL: z.union([z.literal(''), z.string().url()]).default(''),
  WS_MAX_PER_IP: z.coerce.number().int().positive().default(100),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** In-memory database (tests): nothing is written to DATA_DIR. */
  memoryDb: boolean;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  operatorEmail: string;
  operatorPassword: string;
  corsOrigins: string[];
  trustProxy: boolean;
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
  /** Where prices come from: the built-in simulator or the external feed at `feedUrl` (docs/feed-protocol.md). */
  feed: 'simulator' | 'external';
  feedUrl?: string;
  /** The simulator's seed: the same seed gives the same ticks. */
  feedSeed: number;
  /** A quote older than this while its market is open is stale (TRADING.md "Prices"). */
  quoteMaxAgeMs: number;
  /** Days of 1-minute history generated on first start (a year of daily bars comes with it). */
  backfillDays: number;
  /** Embedded mode only: seeded demo traders trade by themselves so the leaderboard lives. */
  demoTraders: boolean;
  /** How often the leaderboard is recomputed from closed trades. */
  rankingRefreshMs: number;
  /** Where uploaded images are kept (default <DATA_DIR>/uploads). */
  uploadDir: string;
  /** The deposit screen's external payment page; empty hides its button. */
  paymentPageUrl: string;
  /** Websocket connections one address may hold open at once. */
  wsMaxPerIp: number;
}

/** Embedded mode's operator password when none is set; production refuses to start without one. */
export const EMBEDDED_OPERATOR_PASSWORD = 'meridian-admin';

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.FEED === 'external' && !e.FEED_URL) throw new Error('FEED_URL must be set when FEED is external');
  if (e.DATABASE_URL && !e.OPERATOR_PASSWORD) {
    throw new Error('OPERATOR_PASSWORD must be set when DATABASE_URL is (production mode)');
  }
  const root = serverRoot();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    memoryDb: false,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    operatorEmail: e.OPERATOR_EMAIL,
    operatorPassword: e.OPERATOR_PASSWORD ?? EMBEDDED_OPERATOR_PASSWORD,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: path.resolve(e.WEB_DIST ?? path.join(root, '../web/dist')),
    adminDist: path.resolve(e.ADMIN_DIST ?? path.join(root, '../admin/dist')),
    migrationsDir: path.join(root, 'drizzle'),
    demoInitialBalance: e.DEMO_INITIAL_BALANCE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL || undefined,
    smsToken: e.SMS_TOKEN,
    feed: e.FEED,
    feedUrl: e.FEED_URL,
    feedSeed: e.FEED_SEED,
    quoteMaxAgeMs: e.QUOTE_MAX_AGE * 1000,
    backfillDays: e.BACKFILL_DAYS,
    demoTraders: e.DEMO_TRADERS === 'on' && !e.DATABASE_URL,
    rankingRefreshMs: e.RANKING_REFRESH_SECONDS * 1000,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    paymentPageUrl: e.PAYMENT_PAGE_URL,
    wsMaxPerIp: e.WS_MAX_PER_IP,
  };
}

/** A config for tests: in-memory PGlite unless DATABASE_URL is given, quiet logs, port 0. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.DATABASE_URL,
    OPERATOR_PASSWORD: 'test-operator-password',
    // Tests run the demo traders and the ranking job themselves.
    DEMO_TRADERS: 'off',
  });
  return { ...base, memoryDb: !base.databaseUrl, ...overrides };
}
