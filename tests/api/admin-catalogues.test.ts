import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUES, CATALOGUE_SINGULAR, CATEGORY_NAME_MESSAGE, SEEDED_DIFFICULTIES, type Catalogue } from '../../contracts/admin/catalogues.js'
import { CATALOGUE_PAGE_SIZE } from '../../contracts/admin/common.js'
import { TERMS_DOCUMENT_ID } from '../../contracts/documents.js'
import { adminApp, expectAdminOnly, type AdminApi } from './admin-helpers.js'

let api: AdminApi
beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

let n = 0
/** A valid create body per catalogue; `name` unique per call. */
function sample(c: Catalogue, given?: string): Record<string, unknown> {
  n++
  const name = given ?? `Sample ${c} ${n}`
  const extra: Partial<Record<Catalogue, Record<string, unknown>>> = {
    collaborators: { email: `collab${n}@example.test`, role: 'Instructor' },
    difficulties: { level: 10 + n },
    certificates: { templatePath: `certificates/template-${n}.pdf` },
    organizations: { domain: `org${n}.example.edu`, logoPath: `logos/org${n}.png` },
    statuses: { code: `CODE_${n}` },
    'school-cycles': { startsOn: '2026-01-15', endsOn: '2026-06-30' },
    'school-subjects': { code: `SUBJ-${n}` },
  }
  return { name, description: `About ${name}`, ...(extra[c] ?? {}) }
}

const create = async (c: Catalogue, body = sample(c)) => {
  const res = await api.call('POST', `/api/v2/admin/${c}/create`, body)
  expect(res.statusCode, `${c}: ${res.body}`).toBe(201)
  return res.json().Item as Record<string, unknown> & { id: string; revision: number; name: string }
}

describe('catalogues: access', () => {
  it('answers 401 and 403 on every catalogue and document route', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const routes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = []
    for (const c of [...CATALOGUES, 'documents'] as const) {
      const singular = c === 'documents' ? 'document' : CATALOGUE_SINGULAR[c]
      routes.push(
        ['GET', `/api/v2/admin/${c}/all/1/`],
        ['GET', `/api/v2/admin/${c}/all/1/x`],
        ['GET', `/api/v2/admin/${c}/count/1/`],
        ['GET', `/api/v2/admin/${c}/count/1/x`],
      )
      routes.push(
        ['GET', `/api/v2/admin/${c}/${singular}/${c === 'documents' ? 'doc' : id}`],
        ['POST', `/api/v2/admin/${c}/create`, {}],
        ['PUT', `/api/v2/admin/${c}/update/${c === 'documents' ? 'doc' : id}`, {}],
      )
    }
    routes.push(['POST', '/api/v2/admin/documents/publish', {}])
    for (const p of ['cycle-associate', 'cycle-disassociate', 'subject-associate', 'subject-disassociate'])
      routes.push(['POST', `/api/v2/admin/careers/${p}`, {}])
    for (const p of ['course-associate', 'course-disassociate']) routes.push(['POST', `/api/v2/admin/school-subjects/${p}`, {}])
    await expectAdminOnly(api, routes)
  })
})

describe.each(CATALOGUES)('catalogue %s', (c) => {
  const base = `/api/v2/admin/${c}`
  it('creates, reads, updates with the revision (409 when stale), and records each write', async () => {
    const item = await create(c)
    expect(item).toMatchObject({ revision: 1, name: expect.stringContaining('Sample') })
    const got = await api.call('GET', `${base}/${CATALOGUE_SINGULAR[c]}/${item.id}`)
    expect(got.statusCode).toBe(200)
    expect(got.json().Item).toEqual(item)

    const { id: _id, revision: _r, createdAt: _c, updatedAt: _u, schoolCycles: _s, schoolSubjects: _ss, courses: _co, ...fields } = item
    const updated = await api.call('PUT', `${base}/update/${item.id}`, { ...fields, description: 'Changed', revision: 1 })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().Item).toMatchObject({ description: 'Changed', revision: 2 })
    const stale = await api.call('PUT', `${base}/update/${item.id}`, { ...fields, description: 'Lost?', revision: 1 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toMatch(/changed by someone else/)

    const audit = (await api.call('GET', '/api/v2/admin/audit/all?sizePerPage=100')).json().items.filter((e: { targetId: string }) => e.targetId === item.id)
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['catalogues.update', 'catalogues.create'])
    expect(audit[0]).toMatchObject({ before: { description: item.description }, after: { description: 'Changed', revision: 2 } })
  })

  it('answers 400 with field errors, 404 for unknown ids, 409 for a duplicate name', async () => {
    const bad = await api.call('POST', `${base}/create`, { description: 5, extra: true })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('name', 'Required')
    const missingRevision = await api.call('PUT', `${base}/update/00000000-0000-4000-8000-000000000000`, sample(c))
    expect(missingRevision.json().errors).toHaveProperty('revision', 'Required')
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await api.call('GET', `${base}/${CATALOGUE_SINGULAR[c]}/${unknown}`)).statusCode).toBe(404)
    expect((await api.call('PUT', `${base}/update/${unknown}`, { ...sample(c), revision: 1 })).statusCode).toBe(404)
    expect((await api.call('GET', `${base}/${CATALOGUE_SINGULAR[c]}/not-a-uuid`)).statusCode).toBe(400)
    const first = await create(c)
    const dup = await api.call('POST', `${base}/create`, { ...sample(c), name: first.name.toUpperCase() })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().errors).toHaveProperty('name')
  })

  it('pages by number with an optional search segment, and counts', async () => {
    const tag = `Paged${c.replace('-', '')}`
    for (let i = 0; i < CATALOGUE_PAGE_SIZE + 2; i++) await create(c, sample(c, `${tag} ${String(i).padStart(2, '0')}`))
    const page1 = await api.call('GET', `${base}/all/1/${tag}`)
    const page2 = await api.call('GET', `${base}/all/2/${tag}`)
    expect(page1.json().items).toHaveLength(CATALOGUE_PAGE_SIZE)
    expect(page2.json().items.map((i: { name: string }) => i.name)).toEqual([`${tag} 10`, `${tag} 11`])
    expect((await api.call('GET', `${base}/count/1/${tag}`)).json()).toEqual({ count: CATALOGUE_PAGE_SIZE + 2, pageSize: CATALOGUE_PAGE_SIZE, pages: 2 })
    const all = await api.call('GET', `${base}/all/1/`)
    expect(all.statusCode).toBe(200)
    expect(all.json().items.length).toBeGreaterThan(0)
    expect((await api.call('GET', `${base}/count/1`)).json().count).toBeGreaterThanOrEqual(CATALOGUE_PAGE_SIZE + 2)
    expect((await api.call('GET', `${base}/all/0/`)).statusCode).toBe(400)
  })
})

describe('catalogue rules', () => {
  it('refuses category names with "/" or special characters, with a clear message', async () => {
    for (const name of ['Maths/Physics', 'Art <b>', 'Sales $$$']) {
      const res = await api.call('POST', '/api/v2/admin/categories/create', { name, description: '' })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toEqual({ name: CATEGORY_NAME_MESSAGE })
    }
    await create('categories', { name: "Arts & Crafts, Children's", description: '' })
  })

  it('seeds the difficulty scale Very Easy … Very Difficult', async () => {
    const items = (await api.call('GET', '/api/v2/admin/difficulties/all/1/Very')).json().items
    expect(items.map((d: { name: string }) => d.name).sort()).toEqual(['Very Difficult', 'Very Easy'])
    const levels = await api.db.query<{ name: string }>('SELECT name FROM difficulties WHERE level <= 5 ORDER BY level')
    expect(levels.rows.map((r) => r.name)).toEqual([...SEEDED_DIFFICULTIES])
  })

  it('checks field formats: organisation domain, status code, cycle dates', async () => {
    const org = await api.call('POST', '/api/v2/admin/organizations/create', { ...sample('organizations'), domain: 'not a domain' })
    expect(org.json().errors).toHaveProperty('domain')
    const status = await api.call('POST', '/api/v2/admin/statuses/create', { ...sample('statuses'), code: 'lower case' })
    expect(status.json().errors).toHaveProperty('code')
    const cycle = await api.call('POST', '/api/v2/admin/school-cycles/create', { ...sample('school-cycles'), startsOn: '2026-06-01', endsOn: '2026-01-01' })
    expect(cycle.statusCode).toBe(400)
    expect(cycle.json().errors).toHaveProperty('endsOn')
  })

  it('links careers to cycles and subjects, and subjects to courses', async () => {
    const career = await create('careers')
    const cycle = await create('school-cycles')
    const subject = await create('school-subjects')
    const { rows } = await api.db.query<{ uuid: string }>(`INSERT INTO courses (name) VALUES ('Linear algebra') RETURNING uuid`)
    const course = rows[0].uuid

    const a = await api.call('POST', '/api/v2/admin/careers/cycle-associate', { career: career.id, cycle: cycle.id })
    expect(a.statusCode).toBe(200)
    expect(a.json().Item.schoolCycles).toEqual([{ id: cycle.id, name: cycle.name }])
    const b = await api.call('POST', '/api/v2/admin/careers/subject-associate', { career: career.id, subject: subject.id })
    expect(b.json().Item.schoolSubjects).toEqual([{ id: subject.id, name: subject.name }])
    const s = await api.call('POST', '/api/v2/admin/school-subjects/course-associate', { subject: subject.id, course })
    expect(s.json().Item.courses).toEqual([{ id: course, name: 'Linear algebra' }])

    expect((await api.call('POST', '/api/v2/admin/careers/cycle-disassociate', { career: career.id, cycle: cycle.id })).json().Item.schoolCycles).toEqual([])
    expect(
      (await api.call('POST', '/api/v2/admin/careers/subject-disassociate', { career: career.id, subject: subject.id })).json().Item.schoolSubjects,
    ).toEqual([])
    expect((await api.call('POST', '/api/v2/admin/school-subjects/course-disassociate', { subject: subject.id, course })).json().Item.courses).toEqual([])

    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await api.call('POST', '/api/v2/admin/careers/cycle-associate', { career: missing, cycle: cycle.id })).statusCode).toBe(404)
    expect((await api.call('POST', '/api/v2/admin/careers/subject-associate', { career: career.id, subject: missing })).statusCode).toBe(404)
    expect((await api.call('POST', '/api/v2/admin/school-subjects/course-associate', { subject: subject.id, course: missing })).statusCode).toBe(404)
    const bad = await api.call('POST', '/api/v2/admin/careers/cycle-associate', { career: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['career', 'cycle']))

    const audit = (await api.call('GET', `/api/v2/admin/audit/all?sizePerPage=100&action=catalogues.associate`)).json().items
    expect(audit.filter((e: { targetId: string }) => e.targetId === career.id)).toHaveLength(2)
  })
})

describe('documents', () => {
  const base = '/api/v2/admin/documents'
  it('edits the terms: sanitises script and event handlers, checks the revision, and readers see the text', async () => {
    const current = (await api.call('GET', `${base}/document/${TERMS_DOCUMENT_ID}`)).json().Item
    expect(current.translations.map((t: { locale: string }) => t.locale)).toEqual(['eng', 'es', 'gr', 'it', 'rs'])
    const html = '<h2>Terms</h2><p>Be kind.</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>'
    const res = await api.call('PUT', `${base}/update/${TERMS_DOCUMENT_ID}`, { name: current.name, content: html, revision: current.revision })
    expect(res.statusCode, res.body).toBe(200)
    const saved = res.json().Item
    expect(saved.revision).toBe(current.revision + 1)
    expect(saved.content).toContain('<p>Be kind.</p>')
    expect(saved.content).not.toMatch(/script|onerror|javascript:/i)
    expect(saved.translations).toHaveLength(5)

    const reader = (await api.app.inject({ method: 'GET', url: `/api/documents/${TERMS_DOCUMENT_ID}` })).json().Item
    expect(reader.Content).toBe(saved.content)

    const stale = await api.call('PUT', `${base}/update/${TERMS_DOCUMENT_ID}`, { name: current.name, content: '<p>old</p>', revision: current.revision })
    expect(stale.statusCode).toBe(409)
    const empty = await api.call('PUT', `${base}/update/${TERMS_DOCUMENT_ID}`, { name: current.name, content: '<script>x</script>', revision: saved.revision })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toHaveProperty('content')
    const entry = (await api.call('GET', '/api/v2/admin/audit/all?action=documents.update')).json().items[0]
    expect(entry).toMatchObject({ targetId: TERMS_DOCUMENT_ID, before: { revision: current.revision }, after: { revision: saved.revision } })
  })

  it('creates a draft, publishes the revision shown (409 when stale), and readers see it only then', async () => {
    const created = await api.call('POST', `${base}/create`, {
      id: 'cookie-policy',
      name: 'Política de cookies',
      content: '<p>Usamos cookies.</p>',
      translations: [{ locale: 'eng', name: 'Cookie policy', content: '<p>We use cookies.<img src=x onerror=alert(1)></p>' }],
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().Item).toMatchObject({
      revision: 1,
      publishedAt: null,
      translations: [{ locale: 'eng', content: '<p>We use cookies.<img src="x" /></p>' }],
    })
    expect((await api.app.inject({ method: 'GET', url: '/api/documents/cookie-policy' })).statusCode).toBe(404)
    expect((await api.call('POST', `${base}/create`, { id: 'cookie-policy', name: 'x', content: '<p>x</p>' })).statusCode).toBe(409)

    expect((await api.call('POST', `${base}/publish`, { id: 'cookie-policy', revision: 2 })).statusCode).toBe(409)
    const published = await api.call('POST', `${base}/publish`, { id: 'cookie-policy', revision: 1 })
    expect(published.statusCode).toBe(200)
    expect(Date.parse(published.json().Item.publishedAt)).not.toBeNaN()
    const reader = await api.app.inject({ method: 'GET', url: '/api/documents/cookie-policy?locale=eng' })
    expect(reader.json().Item).toMatchObject({ Name: 'Cookie policy', Locale: 'eng' })

    expect((await api.call('POST', `${base}/publish`, { id: 'no-such-doc', revision: 1 })).statusCode).toBe(404)
    expect((await api.call('GET', `${base}/document/no-such-doc`)).statusCode).toBe(404)
    expect((await api.call('PUT', `${base}/update/no-such-doc`, { name: 'x', content: '<p>x</p>', revision: 1 })).statusCode).toBe(404)
    const bad = await api.call('POST', `${base}/create`, { id: 'Bad Key!', name: '', content: 'x', translations: [{ locale: 'mx', name: 'x', content: 'x' }] })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['id', 'name', 'translations.0.locale']))
  })

  it('lists and counts by page with search', async () => {
    const list = await api.call('GET', `${base}/all/1/terms`)
    expect(list.json().items.map((d: { id: string }) => d.id)).toContain(TERMS_DOCUMENT_ID)
    expect((await api.call('GET', `${base}/count/1/`)).json().count).toBeGreaterThanOrEqual(1)
    expect((await api.call('GET', `${base}/all/2/`)).json().items).toEqual([])
  })
})
