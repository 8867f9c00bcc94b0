import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** Back-office accounts, separate from traders; roles: admin, finance, support, content, risk. */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  /** Encrypted (http/secrets.ts); null until the operator enrols. */
  totpSecret: text('totp_secret'),
  /** The last TOTP time step used: a code is good once. */
  totpLastStep: integer('totp_last_step'),
  /** Set for a password someone else chose (first start, an admin creating the operator): changed at first sign-in. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  /** When the operator got their current role: only a role held before a request was filed may approve it. */
  roleGrantedAt: timestamp('role_granted_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/** Back-office sessions: opaque tokens stored as their SHA-256, separate from traders' sessions. */
export const operatorSessions = pgTable('operator_sessions', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  tokenHash: text('token_hash').notNull().unique(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Idle sessions end (http/session-policy.ts). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Back-office sign-in attempts, failed ones included: who tried which e-mail from where, and why it failed. */
export const operatorLoginAttempts = pgTable(
  'operator_login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Null when no operator has that e-mail. */
    operatorId: integer('operator_id').references(() => operators.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** ok, password, totp, disabled or throttled. */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_login_attempts_email_idx').on(t.email, t.createdAt)],
);

/**
 * Four eyes: a change above its threshold waits here until a second operator approves it (and is made
 * then, in the approval's transaction) or rejects it. Nobody decides their own request.
 */
export const operatorRequests = pgTable(
  'operator_requests',
  {
    id: serial('id').primaryKey(),
    /** 'balance_adjust', 'deposit_channel' or 'payment_page'. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    reason: text('reason'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => operators.id),
    /** 0 waiting, 1 approved (and made), 2 rejected. */
    status: integer('status').notNull().default(0),
    decidedBy: integer('decided_by').references(() => operators.id),
    /** What the change gave when it was made, or why it was rejected. */
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('operator_requests_status_idx').on(t.status, t.id)],
);

/** Every operator action: who, when, what, before and after. Rows are only ever inserted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_target_idx').on(t.targetType, t.targetId)],
);

/** A TOTP secret an operator is enrolling: it becomes the second factor once a code from it is confirmed. */
export const totpEnrolments = pgTable('totp_enrolments', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
