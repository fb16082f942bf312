import AjvCompiler from '@fastify/ajv-compiler'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

/**
 * Route schemas compiled on first use instead of at start. Fastify compiles every route's request
 * validator (Ajv) and answer serializer (fast-json-stringify) while the server starts, about half a
 * second of CPU for Aula's few hundred routes before the first request can be answered. Here each
 * compiled function is made the first time its route needs it, with Fastify's own compilers and
 * options, so validation and answers are exactly the same. `compileDeferred` compiles whatever is
 * still pending: the server calls it once it listens (a little at a time, between requests), and a
 * test calls it to fail on a schema that does not compile.
 */
export function lazySchemas() {
  const pending = new Set<() => void>()

  /** A function that compiles itself on its first call (or when `compileDeferred` reaches it). */
  function deferred<F extends (...args: never[]) => unknown>(compile: () => F, wrap: (get: () => F) => F): F {
    let compiled: F | undefined
    const force = () => {
      pending.delete(force)
      compiled ??= compile()
      return compiled
    }
    pending.add(force)
    return wrap(() => compiled ?? force())
  }

  type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown }
  type AjvOptions = { customOptions?: { coerceTypes?: unknown } }
  const buildValidator = (externalSchemas: unknown, options: unknown) => {
    const compiler = AjvCompiler()(externalSchemas as never, options as never)
    // A JSON body carries real lists: a single value where a list is expected is refused there, not
    // wrapped into a one-item list (the wrapping is for query strings, where `?id=a` is one item).
    const custom = (options as AjvOptions).customOptions
    const bodyCompiler =
      custom?.coerceTypes === 'array'
        ? AjvCompiler()(externalSchemas as never, { ...(options as object), customOptions: { ...custom, coerceTypes: true } } as never)
        : compiler
    return (route: Parameters<typeof compiler>[0]) =>
      deferred(
        () => ((route as { httpPart?: string }).httpPart === 'body' ? bodyCompiler : compiler)(route) as unknown as Validate,
        (get) => {
          const validate: Validate = (data, context) => {
            const fn = get()
            const result = fn(data, context)
            validate.errors = fn.errors
            return result
          }
          // Fastify passes the parent object to Ajv validators (marked by schemaEnv), which lets Ajv
          // coerce a whole request part in place.
          validate.schemaEnv = true
          return validate
        },
      )
  }

  type Serialize = (doc: unknown) => string
  const buildSerializer = (externalSchemas: unknown, options: unknown) => {
    const compiler = SerializerSelector()(externalSchemas as never, options as never)
    return (route: Parameters<typeof compiler>[0]) =>
      deferred(
        () => compiler(route) as Serialize,
        (get) => (doc) => get()(doc),
      )
  }

  const schemaController = { compilersFactory: { buildValidator, buildSerializer } } as unknown as FastifyServerOptions['schemaController']

  /** Compiles every pending schema, `batch` at a time, yielding to requests in between. */
  async function compileDeferred(batch = Infinity): Promise<void> {
    let done = 0
    for (const force of [...pending]) {
      force()
      if (++done % batch === 0) await new Promise((resolve) => setImmediate(resolve))
    }
  }

  return { schemaController, compileDeferred, pendingCount: () => pending.size }
}
