import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`

export default defineConfig({
  plugins: [react()],
  // amazon-cognito-identity-js bundles a Buffer polyfill that reads `global`.
  define: { global: 'globalThis' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/identity': apiTarget },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
})
