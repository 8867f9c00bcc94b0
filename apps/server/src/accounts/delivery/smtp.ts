import nodemailer from 'nodemailer';
import type { Transport } from './transport';

export function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url);
  return {
    async send({ to, subject, text }) {
      await mailer.sendMail({ from, to, subject, text });
    },
  };
}
