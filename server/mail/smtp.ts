import nodemailer, { type Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { nodemailerMessage } from './compose.js'
import type { MailTransport, OutgoingMail } from './index.js'

/** Production mail through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@host:465). */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transporter = nodemailer.createTransport(url)
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transporter.sendMail(nodemailerMessage(this.from, mail))
    this.log.info({ kind: mail.kind, messageId: info.messageId }, 'mail message sent')
  }

  async close() {
    this.transporter.close()
  }
}
