import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/** `npm test`: server and identity tests in Node, web component tests in jsdom. */
export default defineConfig({
  plugins: [react()],
  define: { global: 'globalThis' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/identity/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          globalSetup: ['tests/helpers/pglite-image.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // In CI the web lane shares two cores with five others at a lower priority than the browser
          // journeys: a test that types into the builder's forms (about 3 s alone) can take ten times as long.
          testTimeout: 60_000,
        },
      },
    ],
  },
})
