// Development: the API server (restarted on change) and the Vite dev server (hot reload), side by side.
import { spawn } from 'node:child_process'

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, WEB_BUILD: 'never' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((c) =>
  c.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  }),
)
