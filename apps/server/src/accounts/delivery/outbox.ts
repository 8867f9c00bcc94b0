import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../schema';
import type { Transport } from './transport';

/** Codes and other secrets inside a message: masked in the info line, so logs at the usual level hold none. */
const maskSecrets = (text: string) => text.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length));

/**
 * Embedded mode's delivery: the message is stored for operators and written as one log line, its
 * codes masked; the full text only at debug level, for a developer trying sign-up on their own machine.
 */
export function outboxTransport(db: Db, log: FastifyBaseLogger, channel: 'email' | 'sms'): Transport {
  return {
    async send({ to, subject, text }) {
      await db.insert(outbox).values({ channel, recipient: to, subject, body: text, createdAt: new Date() });
      log.info({ outbox: channel, to }, maskSecrets(text));
      log.debug({ outbox: channel, to }, text);
    },
  };
}
