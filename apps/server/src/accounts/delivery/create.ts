import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outboxTransport } from './outbox';
import { smsHttpTransport } from './sms-http';
import { smtpTransport } from './smtp';
import type { Delivery } from './transport';

/** SMTP when SMTP_URL is set and the SMS provider when SMS_URL is; otherwise the outbox. */
export function createDelivery(config: Config, db: Db, log: FastifyBaseLogger, now: () => number): Delivery {
  return {
    email: config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : outboxTransport(db, log, now, 'email'),
    sms: config.smsUrl
      ? smsHttpTransport(config.smsUrl, config.smsToken)
      : outboxTransport(db, log, now, 'sms'),
  };
}
