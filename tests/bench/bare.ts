/** The reference of the benchmark: a bare Fastify server with one JSON route, in a process of its own. */
import Fastify from 'fastify'

const app = Fastify()
app.get('/ping', async () => ({ ok: true }))
await app.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }))
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
