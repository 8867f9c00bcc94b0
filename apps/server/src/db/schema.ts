import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';

/** Dialling codes for sign-up by mobile; the lowest `sort` is the default entry (SPEC.md §3). */
export const areaCodes = pgTable('area_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  globalCode: text('global_code').notNull(),
  sort: integer('sort').notNull(),
});

/** Operator-editable settings as text values (basic info, is_show_mobile, trading levels…). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The public account number shown in the user centre. */
    uid: text('uid').notNull().unique(),
    loginType: text('login_type').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    areaId: integer('area_id').references(() => areaCodes.id),
    passwordHash: text('password_hash'),
    name: text('name'),
    isDemo: boolean('is_demo').notNull().default(false),
    /** SHA-256 of the device's demo id: the id itself is a bearer secret and is never stored. */
    demoId: text('demo_id').unique(),
    inviteCode: text('invite_code').notNull().unique(),
    inviterId: integer('inviter_id'),
    balance: money('balance').notNull().default('0'),
    lockBalance: money('lock_balance').notNull().default('0'),
    disabled: boolean('disabled').notNull().default(false),
    /** Real-name verification certified; `name` then holds the verified name (set by the approving operator). */
    isReal: boolean('is_real').notNull().default(false),
    /** The trader's own TOTP second factor, encrypted (http/secrets.ts); null when not enabled. */
    totpSecret: text('totp_secret'),
    /** A TOTP secret being enrolled, encrypted: it becomes `totp_secret` once a code from it is confirmed. */
    totpPending: text('totp_pending'),
    /** The last TOTP time step used: a code is good once. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_unique').on(t.areaId, t.mobile),
  ],
);

/** Opaque bearer tokens, stored as their SHA-256 so a database leak gives no working token. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
