import { defineConfig } from 'vitest/config'

/** `npm run test:e2e`: journeys in Debian's Chromium against the real server. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    // The accessibility sweeps walk 20 screens or more each; on a busy 2-core machine that takes minutes.
    testTimeout: 300_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // CI runs the journeys beside the other lanes on a busy machine: a journey that fails is run once
    // more there (and reported as retried), so only a failure seen twice fails the run.
    retry: process.env.CI ? 1 : 0,
  },
})
