import type { OutgoingMail } from './index.js'

/** A message's attachments as nodemailer takes them (bytes as a Buffer over the same memory). */
const attachmentsOf = (mail: OutgoingMail) =>
  mail.attachments?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
  }))

/** A message as both transports (the mail folder and SMTP) give it to nodemailer. */
export const nodemailerMessage = (from: string, mail: OutgoingMail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: mail.headers,
  attachments: attachmentsOf(mail),
})
