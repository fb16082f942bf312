import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMigrations } from '../../server/db/migrate.js'
import { adminApp, adminAs, expectAdminOnly, type AdminApi } from './admin-helpers.js'

let api: AdminApi
beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

const category = async (name: string, headers?: Record<string, string>) => {
  const res = await api.call('POST', '/api/v2/admin/categories/create', { name, description: '' }, headers)
  expect(res.statusCode).toBe(201)
  return res.json().Item as { id: string }
}

describe('audit log and support: access', () => {
  it('answers 401 and 403', async () => {
    await expectAdminOnly(api, [
      ['GET', '/api/v2/admin/audit/all'],
      ['GET', '/api/v2/admin/audit/export'],
      ['GET', '/api/v2/admin/support/migrations'],
    ])
  })
})

describe('GET /api/v2/admin/audit/all', () => {
  it('filters by actor, action and time, and pages past the first page with the token', async () => {
    const start = new Date().toISOString()
    for (let i = 0; i < 5; i++) await category(`Audited ${i}`, adminAs('auditor-one'))
    await category('Audited by two', adminAs('auditor-two'))
    const seen: string[] = []
    let token = ''
    do {
      const res = await api.call('GET', `/api/v2/admin/audit/all?actor=auditor-one&sizePerPage=2&paginationToken=${token}`)
      expect(res.statusCode).toBe(200)
      expect(res.json().estimated).toBe(5)
      seen.push(...res.json().items.map((e: { after: { name: string } }) => e.after.name))
      token = res.json().paginationToken ?? ''
    } while (token)
    expect(seen).toEqual(['Audited 4', 'Audited 3', 'Audited 2', 'Audited 1', 'Audited 0'])

    const byEmail = await api.call('GET', '/api/v2/admin/audit/all?actor=AUDITOR-TWO@example.test')
    expect(byEmail.json().items).toEqual([
      expect.objectContaining({
        action: 'catalogues.create',
        targetType: 'category',
        actor: { username: 'auditor-two', email: 'auditor-two@example.test' },
        before: null,
      }),
    ])
    const since = await api.call('GET', `/api/v2/admin/audit/all?from=${encodeURIComponent(start)}&action=catalogues.create`)
    expect(since.json().items).toHaveLength(6)
    const before = await api.call('GET', `/api/v2/admin/audit/all?to=${encodeURIComponent(start)}&actor=auditor-one`)
    expect(before.json().items).toEqual([])
  })

  it('names each object as people know it (read now, so renames show), and null once it cannot be found', async () => {
    const cat = await category('Named category', adminAs('namer'))
    const renamed = await api.call(
      'PUT',
      `/api/v2/admin/categories/update/${cat.id}`,
      { name: 'Renamed category', description: '', revision: 1 },
      adminAs('namer'),
    )
    expect(renamed.statusCode).toBe(200)
    const doc = await api.call('POST', '/api/v2/admin/documents/create', { id: 'named-doc', name: 'Named document', content: '<p>Text</p>' }, adminAs('namer'))
    expect(doc.statusCode).toBe(201)
    const user = await api.call('POST', '/api/admin/users/create', { email: 'named.person@example.test', name: 'Named Person' }, adminAs('namer'))
    expect(user.statusCode).toBe(201)
    await api.db.query(
      `INSERT INTO audit_log (actor_username, actor_email, action, target_type, target_id, before, after)
       VALUES ('namer', 'namer@example.test', 'courses.clone', 'course', '00000000-0000-4000-8000-000000000000', NULL, '{}')`,
    )
    const res = await api.call('GET', '/api/v2/admin/audit/all?actor=namer')
    expect(res.statusCode).toBe(200)
    const named = (res.json().items as Array<{ targetType: string; targetId: string; targetName: string | null }>).map((e) => [e.targetType, e.targetName])
    expect(named).toEqual([
      ['course', null],
      ['user', 'named.person@example.test'],
      ['document', 'Named document'],
      ['category', 'Renamed category'],
      ['category', 'Renamed category'],
    ])
    expect(res.json().items[1].targetId).toBe(user.json().Item.username)
  })

  it('answers 400 for unknown actions, bad dates, an inverted range and forged tokens', async () => {
    const bad = await api.call('GET', '/api/v2/admin/audit/all?action=users.delete&from=yesterday')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['action', 'from']))
    const inverted = await api.call('GET', '/api/v2/admin/audit/all?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')
    expect(inverted.json().errors).toHaveProperty('to')
    expect((await api.call('GET', '/api/v2/admin/audit/all?paginationToken=abc')).statusCode).toBe(400)
  })

  it('exports the filtered entries as CSV', async () => {
    const tag = await api.call('POST', '/api/v2/admin/tags/create', { name: 'Exported, "quoted"', description: '' }, adminAs('exporter'))
    expect(tag.statusCode).toBe(201)
    const res = await api.call('GET', '/api/v2/admin/audit/export?actor=exporter')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/)
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe('id,at,actor_username,actor_email,action,target_type,target_id,before,after')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(',exporter,exporter@example.test,catalogues.create,tag,')
    expect(lines[1]).toContain('"{""id"":')
    expect((await api.call('GET', '/api/v2/admin/audit/export?action=nope')).statusCode).toBe(400)
  })

  it('is append-only: the database refuses to change or remove entries', async () => {
    await category('Permanent')
    await expect(api.db.query(`UPDATE audit_log SET action = 'users.enable'`)).rejects.toThrow(/append-only/)
    await expect(api.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/)
    await expect(api.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/)
    const paths = new Set(api.app.apiRoutes.filter((r) => r.url.includes('/audit')).map((r) => `${r.method} ${r.url}`))
    expect([...paths].sort()).toEqual(['GET /api/v2/admin/audit/all', 'GET /api/v2/admin/audit/export'])
  })
})

describe('GET /api/v2/admin/support/migrations', () => {
  it('lists the applied migrations with their time and none pending', async () => {
    const res = await api.call('GET', '/api/v2/admin/support/migrations')
    expect(res.statusCode).toBe(200)
    const files = readMigrations().map((m) => ({ version: m.version, name: m.name }))
    expect(res.json().applied.map((m: { version: number; name: string }) => ({ version: m.version, name: m.name }))).toEqual(files)
    expect(res.json().applied.every((m: { appliedAt: string }) => !Number.isNaN(Date.parse(m.appliedAt)))).toBe(true)
    expect(res.json().pending).toEqual([])
  })

  it('shows a migration the database has not applied as pending', async () => {
    const last = readMigrations().at(-1)!
    await api.db.query('DELETE FROM schema_migrations WHERE version = $1', [last.version])
    const res = await api.call('GET', '/api/v2/admin/support/migrations')
    expect(res.json().pending).toEqual([{ version: last.version, name: last.name }])
    await api.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [last.version, last.name])
  })
})
