import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import type { Config } from '../config.js'
import type { Db } from '../db/index.js'
import type { Mailer } from '../mail/index.js'
import type { App, Authenticator } from '../types.js'
import { cognitoAdminClient, embeddedAdminClient } from './admin-client.js'
import { cognitoAuthenticator, embeddedAuthenticator } from './authenticator.js'
import { bootstrapPool } from './bootstrap.js'
import { IdentityContext } from './context.js'
import { loadSecrets } from './secrets.js'
import { poolSettings } from './settings.js'
import { identityRoutes } from './wire.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** SDK client for the user pool's admin operations (embedded or real Cognito). */
    identityAdmin: CognitoIdentityProviderClient
  }
}

export interface IdentitySetup {
  /** The API's bearer-token check. */
  authenticate: Authenticator
  /** Present in embedded mode (tests and the benchmark reach the service's internals through it). */
  context?: IdentityContext
}

/**
 * Sets up identity for the app: in embedded mode the user pool at /identity/ (bootstrapped on first
 * start), in cognito mode only the clients for a real pool. Call before the access plugin. The app
 * owns the mailer (it closes it); the pool sends its codes and resets through it.
 */
export async function setupIdentity(app: App, p: { config: Config; db: Db; mailer: Mailer; print?: (line: string) => void }): Promise<IdentitySetup> {
  const { config, db, mailer } = p
  const settings = poolSettings(config)

  if (config.IDENTITY_MODE === 'cognito') {
    const admin = cognitoAdminClient(settings.region)
    app.decorate('identityAdmin', admin)
    app.addHook('onClose', async () => admin.destroy())
    return { authenticate: cognitoAuthenticator({ userPoolId: settings.poolId, clientId: settings.clientId, admin }) }
  }

  const secrets = loadSecrets(config)
  const ctx = new IdentityContext(db, settings, secrets, mailer, app.log.child({ module: 'identity' }))
  await ctx.tokens.init(db)
  const clashes = await ctx.users.refreshSkeletons(db)
  if (clashes.length) app.log.warn({ users: clashes }, "accounts whose addresses look like another account's address (docs/identity.md, look-alike addresses)")
  await ctx.access.start()
  await bootstrapPool(ctx, config.ADMIN_EMAIL, p.print ?? ((line) => console.log(line)))
  await app.register(identityRoutes, { prefix: '/identity', ctx })

  const admin = embeddedAdminClient(app, settings.region, secrets.admin)
  app.decorate('identityAdmin', admin)
  // The cache of this process is pruned here; the expired rows once for every process.
  const prune = setInterval(() => ctx.access.prune(), 10 * 60_000)
  prune.unref()
  app.sweeps.add('identity', 10 * 60_000, async (tx) => {
    await ctx.tokens.sweep(tx)
    await ctx.codes.sweep(tx)
    await ctx.mfaSessions.sweep(tx)
  })
  app.addHook('onClose', async () => {
    clearInterval(prune)
    await ctx.access.stop()
    admin.destroy()
    // Mail sent after its answer (password resets) still goes out, within reason.
    await Promise.race([ctx.drainMail(), new Promise((resolve) => setTimeout(resolve, 5000).unref())])
  })
  return {
    authenticate: embeddedAuthenticator({ access: ctx.access, userPoolId: settings.poolId, clientId: settings.clientId, jwks: ctx.tokens.jwks() }),
    context: ctx,
  }
}
