import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import { usageEvents } from '../insights/events.js'
import { renderMessage, type MailMessage } from './messages.js'

export type { MailMessage } from './messages.js'

/** A rendered e-mail, ready for a transport. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  /** The HTML alternative, derived from `text` (`html.ts`); sent as multipart/alternative with it. */
  html: string
  /** What kind of message this is (logged; the body never is). */
  kind: MailMessage['kind']
  /** Extra header fields (List-Unsubscribe and List-Unsubscribe-Post of the mail sent unasked). */
  headers?: Record<string, string>
  /** Files sent with the message (a receipt's PDF). */
  attachments?: MailAttachment[]
}

/** A file attached to a message. */
export interface MailAttachment {
  filename: string
  content: Uint8Array
  contentType: string
}

export interface SendOptions {
  /**
   * The one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe: <url>` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so mail clients offer their own button.
   */
  unsubscribeUrl?: string
  /** Files sent with the message. */
  attachments?: MailAttachment[]
}

/**
 * The mail adapter contract: one `send` per message. Implementations: `smtp.ts` (SMTP_URL set)
 * and `files.ts` (each message an .eml file under <data dir>/mail/).
 */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
  close(): Promise<void>
}

export interface Mailer {
  /** Renders the message in the recipient's language and sends it (with the options' headers and attachments). */
  send(to: string, message: MailMessage, locale?: string, options?: SendOptions): Promise<void>
  close(): Promise<void>
}

/** Chooses the transport by configuration. */
export async function createMailer(config: Config, log: FastifyBaseLogger): Promise<Mailer> {
  let transport: MailTransport
  if (config.SMTP_URL) {
    const { SmtpTransport } = await import('./smtp.js')
    transport = new SmtpTransport(config.SMTP_URL, config.MAIL_FROM, log)
  } else {
    const { FileTransport } = await import('./files.js')
    transport = new FileTransport(config.dataDir, config.MAIL_FROM, log)
  }
  return {
    send: async (to, message, locale, options) => {
      const headers = options?.unsubscribeUrl
        ? { 'List-Unsubscribe': `<${options.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined
      const attachments = options?.attachments
      await transport.send({
        to,
        kind: message.kind,
        ...renderMessage(message, locale),
        ...(headers ? { headers } : {}),
        ...(attachments?.length ? { attachments } : {}),
      })
      // Monitoring counts the messages sent (cost model).
      usageEvents.emit('email')
    },
    close: () => transport.close(),
  }
}
