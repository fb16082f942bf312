import path from 'node:path'
import Type, { type Static } from 'typebox'
import Value from 'typebox/value'

/**
 * Every environment variable Aula reads, with its default. README.md lists the same table;
 * `tests/api/config.test.ts` checks that the two agree.
 */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080, description: 'TCP port of the one process serving the web app, /api and /identity/.' }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0', description: 'Interface to listen on.' }),
  AULA_DATA_DIR: Type.String({ minLength: 1, default: './data', description: 'Where the embedded database, files and mail live.' }),
  DATABASE_URL: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', description: 'PostgreSQL connection string; when unset the embedded PGlite database in <data dir>/db is used.' }),
  ),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info', description: 'pino log level.' }),
  BODY_LIMIT: Type.Integer({ minimum: 1024, maximum: 104857600, default: 1048576, description: 'Largest accepted request body in bytes (larger bodies get 413).' }),
  BUILD_NUMBER: Type.Integer({ minimum: 0, maximum: 9999, default: 123, description: 'Build number shown in the footer (padded to 4 digits) and by the version route.' }),
  WEB_BUILD: Type.Enum(['auto', 'never'], {
    default: 'auto',
    description: "'auto' builds the web app at start when dist/ is missing or older than its sources; 'never' only serves an existing build.",
  }),
})

export type Config = Static<typeof ConfigSchema> & { dataDir: string }

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const withDefaults = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, raw))
  const problems = [...Value.Errors(ConfigSchema, withDefaults)]
  if (problems.length > 0) {
    const lines = problems.map((p) => {
      const name = p.instancePath.replace(/^\//, '') || String((p.params as { additionalProperties?: string }).additionalProperties ?? 'configuration')
      return `${name} ${describe(p.message, p.params)} (got ${JSON.stringify(raw[name] ?? null)})`
    })
    throw new ConfigError(`Invalid configuration: ${[...new Set(lines)].join('; ')}`)
  }
  const config = withDefaults as Static<typeof ConfigSchema>
  return { ...config, dataDir: path.resolve(config.AULA_DATA_DIR) }
}

function describe(message: string, params: unknown): string {
  const p = params as { allowedValues?: unknown[]; pattern?: string }
  if (p.pattern === '^postgres(ql)?://') return 'must be a postgres:// or postgresql:// URL'
  if (p.allowedValues) return `must be one of ${p.allowedValues.join(', ')}`
  return message
}
