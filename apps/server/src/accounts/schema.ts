import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One-time codes sent by e-mail or SMS. Only a hash is kept; a code is good for one use within
 * its lifetime and dies after a few checks (`wrong_tries` counts every check).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    /** Lower-case e-mail address or E.164 phone number. */
    recipient: text('recipient').notNull(),
    /** 'register' or 'reset'. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('verification_codes_recipient_idx').on(t.recipient, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Image captchas for sign-up when verify_reg_type is 2; a row is deleted when it is checked. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  /** Kept readable: it is worthless once its few minutes are over, and support may need to see it. */
  answer: text('answer').notNull(),
  createdAt: at('created_at').notNull(),
});

/** Every message the outbox transport delivered: the embedded mode's mailbox, readable by operators. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** 'email' or 'sms'. */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.id)],
);

/** Sign-in attempts: the user's login history and the source of the failure throttles. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    /** Null when the account named does not exist. */
    userId: integer('user_id').references(() => users.id),
    /** The identifier as typed, normalized ('email:…' or 'mobile:…'): throttles unknown accounts too. */
    account: text('account').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.account, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_user_idx').on(t.userId, t.createdAt),
  ],
);
