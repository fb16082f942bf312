import { defineConfig } from 'vitest/config'

/** `npm run test:e2e`: journeys in Debian's Chromium against the real server. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})
