import crypto from 'node:crypto'
import { GROUP_DESCRIPTIONS, GROUPS } from '../../contracts/groups.js'
import type { IdentityContext } from './context.js'

/**
 * On an empty pool: the role groups and one administrator with a temporary password, printed once
 * (stdout, never the structured log or a file). Runs under a lock so that concurrent starts agree.
 */
export async function bootstrapPool(ctx: IdentityContext, adminEmail: string, print: (line: string) => void): Promise<void> {
  const created = await ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7261003)')
    for (const [i, name] of GROUPS.entries()) await ctx.users.createGroup(tx, { name, description: GROUP_DESCRIPTIONS[name], precedence: i })
    if ((await ctx.users.count(tx)) > 0) return null
    const username = crypto.randomUUID()
    const password = ctx.temporaryPassword()
    const verifier = ctx.verifierFor(username, password)
    await ctx.users.create(tx, {
      username,
      email: adminEmail,
      status: 'FORCE_CHANGE_PASSWORD',
      ...verifier,
      tempPasswordExpiresAt: new Date(Date.now() + ctx.settings.temporaryPasswordDays * 86400_000),
      // No name: the administrator gives their own at the first sign-in (complete register asks for it).
      attributes: { email: adminEmail, email_verified: 'true' },
    })
    await ctx.users.addToGroup(tx, username, 'admin')
    return password
  })
  if (created) {
    print(
      [
        '',
        '  Aula: the user pool was empty, so an administrator was created.',
        `    e-mail:             ${adminEmail}`,
        `    temporary password: ${created}`,
        `  It is shown only now and is valid for ${ctx.settings.temporaryPasswordDays} days; the first sign-in asks for a new password.`,
        '',
      ].join('\n'),
    )
  }
}
