import { count, desc, ilike } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { offsetOf, type PageInput } from '../../operators';
import { outbox } from '../schema';
import type { Transport } from './transport';

/**
 * One-time codes (6 digits) inside a message, masked: in the info log line, and in the outbox as operators
 * see it, so that nobody who can read either can take over an account with a live code.
 */
export const maskCodes = (text: string) => text.replace(/\b\d{6}\b/g, '••••••');

/**
 * Embedded mode's delivery: the message is stored for operators and written as one log line, its
 * codes masked; the full text only at debug level, for a developer trying sign-up on their own machine.
 */
export function outboxTransport(
  db: Db,
  log: FastifyBaseLogger,
  now: () => number,
  channel: 'email' | 'sms',
): Transport {
  return {
    async send({ to, subject, text }) {
      await db
        .insert(outbox)
        .values({ channel, recipient: to, subject, body: text, createdAt: new Date(now()) });
      log.info({ outbox: channel, to }, maskCodes(text));
      log.debug({ outbox: channel, to }, text);
    },
  };
}

/** Stored messages, newest first, to recipients containing `recipient` when given: a page and how many there are. */
export async function outboxPage(db: Db, recipient: string | undefined, page: PageInput) {
  const where = recipient ? ilike(outbox.recipient, `%${recipient}%`) : undefined;
  const rows = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(outbox).where(where);
  return { rows, total: total?.n ?? 0 };
}
