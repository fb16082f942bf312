import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigSchema, loadConfig } from '../../server/config.js'

describe('configuration', () => {
  it('runs on defaults alone', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(8080)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.dataDir).toMatch(/data$/)
  })

  it.each([
    [{ PORT: '80x' }, /^Invalid configuration: PORT must be integer/],
    [{ PORT: '70000' }, /PORT must be <= 65535/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error/],
    [{ DATABASE_URL: 'mysql://db' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, /STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, /STRIPE_SECRET_KEY is required when STRIPE_WEBHOOK_SECRET is set/],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, /STRIPE_SECRET_KEY must match/],
    [
      { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_BASE: 'http://127.0.0.1:12111' },
      /STRIPE_API_BASE is for tests and mocks only/,
    ],
  ])('stops on a bad value with one line naming it: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
    try {
      loadConfig(env)
    } catch (error) {
      expect((error as Error).message).not.toContain('\n')
    }
  })

  it('is listed in full in the README', () => {
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    for (const name of Object.keys(ConfigSchema.properties)) expect(readme, `README lacks ${name}`).toContain(`\`${name}\``)
  })
})
