import type { Transporter } from 'nodemailer';
import type { Transport } from './transport';

export function smtpTransport(url: string, from: string): Transport {
  // Made at the first mail: a server that sends none (the embedded demo) never loads nodemailer.
  let mailer: Promise<Transporter> | undefined;
  return {
    async send({ to, subject, text }) {
      mailer ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await mailer).sendMail({ from, to, subject, text });
    },
  };
}
