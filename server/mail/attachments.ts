import type { OutgoingMail } from './index.js'

/** A message's attachments as nodemailer takes them (bytes as a Buffer over the same memory). */
export const attachmentsOf = (mail: OutgoingMail) =>
  mail.attachments?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
  }))
