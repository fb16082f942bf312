import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { nodemailerMessage } from './compose.js'
import type { MailTransport, OutgoingMail } from './index.js'

/**
 * The embedded default: every message becomes `<data dir>/mail/<time>-<id>.eml` (a complete MIME
 * message, readable by any mail client and by the tests). The log says that a message was written,
 * never what it says.
 */
export class FileTransport implements MailTransport {
  private readonly dir: string
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

  constructor(
    dataDir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.dir = path.join(dataDir, 'mail')
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.composer.sendMail(nodemailerMessage(this.from, mail))
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 })
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`
    const file = path.join(this.dir, name)
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 })
    this.log.info({ file, kind: mail.kind }, 'mail message written')
  }

  async close() {
    this.composer.close()
  }
}
