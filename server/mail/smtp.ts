import nodemailer, { type Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { attachmentsOf } from './attachments.js'
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
    const info = await this.transporter.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      attachments: attachmentsOf(mail),
    })
    this.log.info({ kind: mail.kind, messageId: info.messageId }, 'mail message sent')
  }

  async close() {
    this.transporter.close()
  }
}
