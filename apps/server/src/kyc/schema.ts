import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';
import { uploads } from '../funding';
import { operators } from '../operators';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** SPEC.md §4 review_status: 0 not submitted (no row), 1 waiting, 2 certified, 3 rejected. */
export const KycStatus = { none: 0, waiting: 1, certified: 2, rejected: 3 } as const;
/** A submission's status: waiting, certified or rejected. */
export type SubmissionStatus = Exclude<(typeof KycStatus)[keyof typeof KycStatus], 0>;

/** Real-name submissions; the newest row is the user's state. A user has at most one waiting or certified row. */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    cardId: text('card_id').notNull(),
    frontUploadId: integer('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    reverseUploadId: integer('reverse_upload_id')
      .notNull()
      .references(() => uploads.id),
    status: integer('status').$type<SubmissionStatus>().notNull().default(KycStatus.waiting),
    reason: text('reason'),
    operatorId: integer('operator_id').references(() => operators.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('verifications_status_idx').on(t.status, t.id),
    index('verifications_user_idx').on(t.userId, t.id),
    // Two racing submissions cannot both start a review.
    uniqueIndex('verifications_open_unique').on(t.userId).where(sql`${t.status} in (1, 2)`),
  ],
);
