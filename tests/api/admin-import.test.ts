import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailsTo } from '../helpers/mail.js'
import { adminApp, expectAdminOnly, type AdminApi } from './admin-helpers.js'

let api: AdminApi
beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

const base = '/api/v2/admin/users/import'

/** Polls the job until it leaves queued/running (the worker runs in the background). */
async function settled(id: string) {
  for (;;) {
    const res = await api.call('GET', `${base}/jobs/${id}`)
    expect(res.statusCode).toBe(200)
    const job = res.json().Item
    if (job.status !== 'queued' && job.status !== 'running') return job
    await new Promise((r) => setTimeout(r, 50))
  }
}

const FILE = [
  'email,name,groups',
  'ana.import@import.example.test,Ana Import,creator;reviewer',
  'bruno.import@import.example.test,"Bruno, Import",',
  'not-an-address,Nobody,',
  'carla.import@import.example.test,,general',
  'dora.import@import.example.test,Dora Import,wizards',
  'ANA.import@import.example.test,Ana Again,',
].join('\n')

describe('bulk import: access', () => {
  it('answers 401 and 403', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    await expectAdminOnly(api, [
      ['POST', `${base}/preview`, { filename: 'x.csv', csv: 'email,name' }],
      ['POST', `${base}/jobs`, { filename: 'x.csv', csv: 'email,name' }],
      ['GET', `${base}/jobs`],
      ['GET', `${base}/jobs/${id}`],
      ['GET', `${base}/jobs/${id}/rows`],
    ])
  })
})

describe('POST /api/v2/admin/users/import/preview', () => {
  it('answers each row with its errors and creates nobody', async () => {
    const res = await api.call('POST', `${base}/preview`, { filename: 'people.csv', csv: FILE })
    expect(res.statusCode).toBe(200)
    const p = res.json()
    expect(p).toMatchObject({ total: 6, valid: 2, invalid: 4, existing: 0, fileErrors: [] })
    expect(p.rows[0]).toEqual({
      line: 2,
      email: 'ana.import@import.example.test',
      name: 'Ana Import',
      groups: ['creator', 'reviewer'],
      errors: {},
      exists: false,
    })
    expect(p.rows[1]).toMatchObject({ name: 'Bruno, Import', groups: [], errors: {} })
    expect(p.rows[2].errors).toEqual({ email: 'Not a valid e-mail address' })
    expect(p.rows[3].errors).toEqual({ name: 'Required' })
    expect(p.rows[4].errors).toEqual({ groups: 'Unknown group: wizards' })
    expect(p.rows[5].errors).toEqual({ email: 'This address is on line 2 already' })
    expect((await api.call('GET', '/api/admin/users/user/ana.import@import.example.test')).statusCode).toBe(404)
  })

  it('reports file-level problems and bad bodies', async () => {
    const noColumns = (await api.call('POST', `${base}/preview`, { filename: 'x.csv', csv: 'mail,fullname\na@b.test,A' })).json()
    expect(noColumns.fileErrors[0]).toMatch(/missing: email, name/)
    const semicolons = (
      await api.call('POST', `${base}/preview`, { filename: 'x.csv', csv: 'name;email;groups\nEva;eva@import.example.test;creator,general' })
    ).json()
    expect(semicolons.rows[0]).toMatchObject({ email: 'eva@import.example.test', groups: ['creator', 'general'], errors: {} })
    const bad = await api.call('POST', `${base}/preview`, { csv: '' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['filename', 'csv']))
  })
})

describe('import jobs', () => {
  it('imports the valid rows in the background, mails invitations, and re-running the file creates nobody twice', async () => {
    const started = await api.call('POST', `${base}/jobs`, { filename: 'people.csv', csv: FILE })
    expect(started.statusCode).toBe(202)
    expect(started.json().Item).toMatchObject({ filename: 'people.csv', total: 2, invalid: 4, actor: 'admin-tester@example.test' })
    const job = await settled(started.json().Item.id)
    expect(job).toMatchObject({ status: 'completed', total: 2, processed: 2, created: 2, skipped: 0, failed: 0 })
    expect(Date.parse(job.finishedAt)).not.toBeNaN()
    // The administrator who started it hears it finished (decision 0029), once.
    const notes = await api.db.query<{ mine: boolean; params: unknown }>(
      `SELECT n.user_sub = j.actor_username AS mine, n.params FROM notifications n, user_import_jobs j WHERE n.kind = 'import-finished' AND j.id = $1`,
      [job.id],
    )
    expect(notes.rows).toEqual([{ mine: true, params: { name: 'people.csv', created: 2, failed: 0 } }])

    const ana = (await api.call('GET', '/api/admin/users/user/ana.import@import.example.test')).json().Item
    expect(ana).toMatchObject({ name: 'Ana Import', status: 'FORCE_CHANGE_PASSWORD' })
    expect((await api.call('GET', `/api/admin/users/groups/${ana.username}`)).json().groups).toEqual(['creator', 'reviewer'])
    expect(mailsTo(api.config.AULA_DATA_DIR, 'ana.import@import.example.test')).toHaveLength(1)

    const again = await api.call('POST', `${base}/jobs`, { filename: 'people-again.csv', csv: FILE })
    expect(again.statusCode).toBe(202)
    const second = await settled(again.json().Item.id)
    expect(second).toMatchObject({ status: 'completed', created: 0, skipped: 2 })
    expect(mailsTo(api.config.AULA_DATA_DIR, 'ana.import@import.example.test')).toHaveLength(1)
    const skipped = (await api.call('GET', `${base}/jobs/${second.id}/rows?outcome=skipped`)).json()
    expect(skipped.items.map((r: { line: number; message: string }) => [r.line, r.message])).toEqual([
      [2, 'An account with this address exists already'],
      [3, 'An account with this address exists already'],
    ])

    const audit = (await api.call('GET', '/api/v2/admin/audit/all?action=users.import')).json().items
    expect(audit.filter((e: { targetId: string }) => e.targetId === job.id).map((e: { after: { status: string } }) => e.after.status)).toEqual([
      'completed',
      'queued',
    ])
  })

  it('answers the queued job when the same file is sent again before it ends', async () => {
    const csv = 'email,name\nsame.file@import.example.test,Same File'
    const hash = (await import('node:crypto')).createHash('sha256').update(csv).digest('hex')
    // A job of this file waiting in the queue (the worker's lease keeps it from running it).
    const { rows } = await api.db.query<{ id: string }>(
      `INSERT INTO user_import_jobs (filename, file_hash, status, total, actor_username, actor_email, lease_until)
       VALUES ('same.csv', $1, 'running', 1, 'admin-tester', 'admin-tester@example.test', now() + interval '1 hour') RETURNING id`,
      [hash],
    )
    const again = await api.call('POST', `${base}/jobs`, { filename: 'same.csv', csv })
    expect(again.statusCode).toBe(200)
    expect(again.json().Item.id).toBe(rows[0].id)
    await api.db.query(`UPDATE user_import_jobs SET status = 'failed', lease_until = NULL WHERE id = $1`, [rows[0].id])
  })

  it('takes up a job whose worker stopped (a restart) and finishes only the rows not done', async () => {
    const { rows } = await api.db.query<{ id: string }>(
      `INSERT INTO user_import_jobs (filename, file_hash, status, total, actor_username, actor_email, lease_until, started_at)
       VALUES ('resumed.csv', 'resumed', 'running', 2, 'admin-tester', 'admin-tester@example.test', now() - interval '1 minute', now()) RETURNING id`,
    )
    const id = rows[0].id
    await api.db.query(
      `INSERT INTO user_import_rows (job_id, line, email, name, groups, outcome, username) VALUES
         ($1, 2, 'done.before@import.example.test', 'Done Before', '{}', 'created', 'someone'),
         ($1, 3, 'resumed.row@import.example.test', 'Resumed Row', '{general}', 'pending', NULL)`,
      [id],
    )
    const job = await settled(id)
    expect(job).toMatchObject({ status: 'completed', processed: 2, created: 2 })
    expect((await api.call('GET', '/api/admin/users/user/resumed.row@import.example.test')).statusCode).toBe(200)
    expect((await api.call('GET', '/api/admin/users/user/done.before@import.example.test')).statusCode).toBe(404)
  })

  it('lists jobs and rows with token paging; 400 for files without valid rows; 404 for unknown jobs', async () => {
    const csv = ['email,name', ...Array.from({ length: 5 }, (_, i) => `paged.row${i}@import.example.test,Row ${i}`)].join('\n')
    const job = await settled((await api.call('POST', `${base}/jobs`, { filename: 'paged.csv', csv })).json().Item.id)
    const lines: number[] = []
    let token = ''
    do {
      const res = await api.call('GET', `${base}/jobs/${job.id}/rows?sizePerPage=2&paginationToken=${token}`)
      expect(res.json().estimated).toBe(5)
      lines.push(...res.json().items.map((r: { line: number }) => r.line))
      token = res.json().paginationToken ?? ''
    } while (token)
    expect(lines).toEqual([2, 3, 4, 5, 6])

    const first = await api.call('GET', `${base}/jobs?sizePerPage=1`)
    expect(first.json().items[0].id).toBe(job.id)
    const next = await api.call('GET', `${base}/jobs?sizePerPage=1&paginationToken=${first.json().paginationToken}`)
    expect(next.json().items[0].id).not.toBe(job.id)

    const invalid = await api.call('POST', `${base}/jobs`, { filename: 'bad.csv', csv: 'email,name\nnope,' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().message).toMatch(/no valid row/)
    expect((await api.call('GET', `${base}/jobs/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404)
    expect((await api.call('GET', `${base}/jobs/00000000-0000-4000-8000-000000000000/rows`)).statusCode).toBe(404)
    expect((await api.call('GET', `${base}/jobs/not-a-uuid`)).statusCode).toBe(400)
    expect((await api.call('GET', `${base}/jobs?paginationToken=zzz`)).statusCode).toBe(400)
  })
})

describe('OpenAPI', () => {
  it('documents the import routes with their schemas', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    for (const p of [
      '/api/v2/admin/users/import/preview',
      '/api/v2/admin/users/import/jobs',
      '/api/v2/admin/users/import/jobs/{id}',
      '/api/v2/admin/users/import/jobs/{id}/rows',
    ]) {
      expect(doc.paths, p).toHaveProperty([p])
    }
    expect(doc.paths['/api/v2/admin/users/import/jobs'].post.responses).toHaveProperty('202')
    expect(doc.paths['/api/admin/users/all'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('paginationToken')
  })
})

describe('the invitations an import sends', () => {
  it('carry the address the administrator used and its sign-in link, in the language the import was started in', async () => {
    const csv = 'email,name\nlink.import@import.example.test,Linda Import\n'
    const res = await api.app.inject({
      method: 'POST',
      url: `${base}/jobs`,
      headers: { authorization: 'Bearer test:admin-tester:admin', host: 'aula.school.example:8443' },
      payload: { filename: 'links.csv', csv, locale: 'it' },
    })
    expect(res.statusCode, res.body).toBe(202)
    expect((await settled(res.json().Item.id)).created).toBe(1)
    const [mail] = mailsTo(api.config.AULA_DATA_DIR, 'link.import@import.example.test')
    expect(mail.subject).toBe('Aula: il tuo account è pronto')
    expect(mail.text).toContain('Aula si trova su http://aula.school.example:8443\nAccedi: http://aula.school.example:8443/login')
    expect(mail.html).toContain('<html lang="it">')
    expect(mail.html).toMatch(/<a href="http:\/\/aula\.school\.example:8443\/login" style="[^"]*">Accedi<\/a><\/p>/)
  })
})
