import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
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

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the
 * strongest settings (done once, served many times; the server picks one per `Accept-Encoding`).
 * A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'aula-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f))
      await Promise.all(
        files
          .filter((file) => /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/.test(file) && !file.includes(`${path.sep}.vite${path.sep}`))
          .map(async (file) => {
            const source = await fs.readFile(file)
            const copies: Array<[string, Buffer]> = [
              [
                '.br',
                await brotli(source, {
                  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
                }),
              ],
              ['.gz', await gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION })],
            ]
            for (const [extension, copy] of copies) if (copy.length < source.length) await fs.writeFile(file + extension, copy)
          }),
      )
    },
  }
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`

export default defineConfig({
  plugins: [react(), pureSchemas(), nativeBuiltins(), precompress()],
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
      output: {
        codeSplitting: {
          groups: [
            // What every page runs first, in one file.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run[\\/]router)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
})
