import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from '../db/schema';

/** Back-office sessions: opaque tokens stored as their SHA-256, separate from traders' sessions. */
export const operatorSessions = pgTable('operator_sessions', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  tokenHash: text('token_hash').notNull().unique(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

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
