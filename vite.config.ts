import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/**
 * contracts/ builds its TypeBox schemas at module level, for the server. The web app takes only
 * constants and helpers from there: marking each schema builder call pure lets the bundle drop the
 * schemas it never reads, and TypeBox with them.
 */
function pureSchemas(): Plugin {
  return {
    name: 'aula-pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]contracts[\\/][^\\/]+\.ts$/ },
      handler: (code) => ({ code: code.replace(/\bType\.(\w+)\(/g, '/* @__PURE__ */ Type.$1('), map: null }),
    },
  }
}

/**
 * node-polyglot (react-admin's translations) requires polyfills of Object.entries and Object.hasOwn
 * that drag in a dozen helper packages; every browser Aula supports has both built in.
 */
const NATIVE: Record<string, string> = {
  'object.entries': 'module.exports = Object.entries',
  hasown: 'module.exports = function hasOwn(o, k) { return Object.prototype.hasOwnProperty.call(o, k) }',
}
function nativeBuiltins(): Plugin {
  return {
    name: 'aula-native-builtins',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id in NATIVE ? `\0native:${id}` : null),
    load: (id) => (id.startsWith('\0native:') ? NATIVE[id.slice('\0native:'.length)] : null),
  }
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`

export default defineConfig({
  plugins: [react(), pureSchemas(), nativeBuiltins()],
  // amazon-cognito-identity-js bundles a Buffer polyfill that reads `global`.
  define: { global: 'globalThis' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/identity': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // TypeBox registers nothing global: once contracts/ schemas are pure (below), it drops out.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]typebox[\\/]/, sideEffects: false }] },
    },
  },
})
