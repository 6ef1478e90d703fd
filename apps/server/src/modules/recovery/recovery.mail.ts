import { createTransport } from 'nodemailer';
import type { Config } from '../../config.js';

type SmtpConfig = NonNullable<Config['smtp']>;

export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

/** One SMTP transport per server process, made the first time a code goes by e-mail. */
const transports = new WeakMap<SmtpConfig, Mailer>();

export function mailerFor(smtp: SmtpConfig): Mailer {
  const known = transports.get(smtp);
  if (known) return known;
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    // A server that does not answer must not hold the job for the library's default of minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const mailer: Mailer = {
    async send({ to, subject, text }) {
      await transport.sendMail({ from: smtp.from, to, subject, text });
    },
  };
  transports.set(smtp, mailer);
  return mailer;
}
