import type { IdentityContext } from '../context.js'

/** What an operation knows about the HTTP request besides its body. */
export interface OpRequest {
  ip: string
  /** The bucket of per-address limits (server/identity/throttle.ts). */
  address: string
}

export type OpHandler<I = never> = (ctx: IdentityContext, input: I, req: OpRequest) => Promise<unknown>
