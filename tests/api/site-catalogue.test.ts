import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { courseApp, startCourse, type Caller, type CourseApi } from '../helpers/courses.js'
import { catalogueEntry, publishCourse, type PublishedCourse } from '../helpers/learner.js'

/** The public site's course and career pages (docs/website.md "Public course and career pages"). */

let api: CourseApi
let owner: Caller
let astronomy: PublishedCourse
let renamed: PublishedCourse
let removed: PublishedCourse
let hostile: PublishedCourse
let draftOnly: string
let sky: string
let career: string
let otherCareer: string
let cycle: string

const get = (url: string) => api.app.inject({ method: 'GET', url })
/** The JSON-LD blocks of a page, parsed. */
const structured = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as Record<string, unknown>)

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  sky = await catalogueEntry(api, 'categories', 'Cielo')
  astronomy = await publishCourse(api, owner, {
    name: 'Astronomía',
    briefDescription: 'Estrellas y planetas',
    description: '<p>Mire el <strong>cielo</strong></p><script>alert(1)</script>',
    categoryId: sky,
    salesEnabled: true,
    plans: [
      { name: 'Mes gratis', durationDays: 30 },
      { name: 'Semestre', durationDays: 180, price: 49.9, currency: 'MXN' },
    ],
    sections: [{ title: 'Constelaciones', blocks: [{ kind: 'text', values: { title: 'Orión', html: '<p>Secret block body</p>' } }] }],
  })
  renamed = await publishCourse(api, owner, { name: 'Geología publicada' })
  removed = await publishCourse(api, owner, { name: 'Curso retirado' })
  hostile = await publishCourse(api, owner, { name: '<script>alert("x")</script> Química', briefDescription: 'Ácidos: 1 < 2 & 3 > 2' })
  // A course whose only version is a draft, and a published course edited since (the draft's name is never shown).
  draftOnly = (await startCourse(api, owner, { name: 'Borrador sin publicar' })).uuid
  await api.db.query("UPDATE courses SET name = 'Geología borrador' WHERE uuid = $1", [renamed.uuid])
  await api.db.query('UPDATE courses SET deleted_at = now() WHERE uuid = $1', [removed.uuid])

  // Careers: one chosen for the default site, one only for another site.
  const q = async (sql: string, params: unknown[]) => (await api.db.query<{ id: string }>(sql, params)).rows[0]?.id
  career = (await q("INSERT INTO careers (name, description) VALUES ('Ingeniería espacial', 'Cohetes & satélites') RETURNING id", []))!
  otherCareer = (await q("INSERT INTO careers (name, description) VALUES ('Otra carrera', '') RETURNING id", []))!
  cycle = (await q("INSERT INTO school_cycles (name, starts_on, ends_on) VALUES ('Ciclo 2027', '2027-01-15', '2027-06-30') RETURNING id", []))!
  const gone = (await q("INSERT INTO school_cycles (name, deleted_at) VALUES ('Ciclo borrado', now()) RETURNING id", []))!
  const subject = (await q("INSERT INTO school_subjects (name, code) VALUES ('Mecánica celeste', 'MC-1') RETURNING id", []))!
  await api.db.query('INSERT INTO career_school_cycles (career_id, school_cycle_id) VALUES ($1, $2), ($1, $3)', [career, cycle, gone])
  await api.db.query('INSERT INTO career_school_subjects (career_id, school_subject_id) VALUES ($1, $2)', [career, subject])
  await api.db.query('INSERT INTO school_subject_courses (school_subject_id, course_uuid) VALUES ($1, $2), ($1, $3), ($1, $4)', [
    subject,
    astronomy.uuid,
    draftOnly,
    removed.uuid,
  ])
  const site = (await q("SELECT id FROM sites WHERE slug = 'website'", []))!
  const other = (await q("INSERT INTO sites (slug, name) VALUES ('campus', 'Campus') RETURNING id", []))!
  await api.db.query('INSERT INTO site_careers (site_id, career_id, position) VALUES ($1, $2, 0)', [site, career])
  await api.db.query('INSERT INTO site_careers (site_id, career_id, position) VALUES ($1, $2, 0)', [other, otherCareer])
})
afterAll(() => api.close())

describe('the public course list', () => {
  it('lists the published courses only, from their published version, with cards', async () => {
    const res = await get('/site/website/mx/courses')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain(`href="/site/website/mx/courses/${astronomy.uuid}">Astronomía</a>`)
    expect(res.body).toContain('Estrellas y planetas')
    expect(res.body).toContain('6 horas')
    expect(res.body).toContain('Geología publicada')
    expect(res.body).not.toContain('Geología borrador')
    expect(res.body).not.toContain('Borrador sin publicar')
    expect(res.body).not.toContain(draftOnly)
    expect(res.body).not.toContain('Curso retirado')
    expect(res.body).toMatch(/<img src="[^"]+" alt="" width="640" height="360"/)
    expect(res.body).not.toContain('<script src')
  })

  it('filters by category with the categories as links, and pages past the end are 404 pages', async () => {
    const list = await get('/site/website/eng/courses')
    expect(list.body).toContain(`href="/site/website/eng/courses?category=${sky}">Cielo</a>`)
    const filtered = await get(`/site/website/eng/courses?category=${sky}`)
    expect(filtered.statusCode).toBe(200)
    expect(filtered.body).toContain('Astronomía')
    expect(filtered.body).not.toContain('Geología publicada')
    expect(filtered.body).toContain(`aria-current="page">Cielo</a>`)
    for (const url of [
      '/site/website/mx/courses?page=2',
      '/site/website/mx/courses?page=abc',
      '/site/website/mx/courses?page=0',
      '/site/website/mx/courses?category=nope',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body).toContain('<meta name="robots" content="noindex"/>')
    }
    // Whatever else the address holds, the answer is never a server error.
    for (const url of [
      '/site/website/mx/courses?page=1&page=2',
      '/site/website/mx/courses?category=a&category=b',
      `/site/website/mx/courses?page=${'9'.repeat(300)}`,
      `/site/website/mx/courses/${'a'.repeat(300)}`,
      '/site/website/mx/courses/%00',
      '/site/website/mx/careers/%E0%A4%A',
    ]) {
      expect((await get(url)).statusCode, url).toBeLessThan(500)
    }
  })

  it('writes a course name with markup as text', async () => {
    const res = await get('/site/website/mx/courses')
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Química')
    expect(res.body).not.toContain('<script>alert')
    expect(res.body).toContain('Ácidos: 1 &lt; 2 &amp; 3 &gt; 2')
    const page = await get(`/site/website/mx/courses/${hostile.uuid}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('<script>alert')
    // The structured data keeps the name, with no `<` that could end its element.
    expect(structured(page.body)[0].name).toBe('<script>alert("x")</script> Química')
  })
})

describe('a public course page', () => {
  it("shows the overview's published facts, the syllabus titles without block content, and the plans at the server's prices", async () => {
    const res = await get(`/site/website/mx/courses/${astronomy.uuid}`)
    expect(res.statusCode, res.body).toBe(200)
    const html = res.body
    expect(html).toContain('<h1>Astronomía</h1>')
    expect(html).toContain('<p>Mire el <strong>cielo</strong></p>')
    expect(html).not.toContain('alert(1)')
    expect(html).toContain('<h3>Constelaciones</h3>')
    expect(html).toContain('<li>Orión</li>')
    expect(html).not.toContain('Secret block body')
    expect(html).toContain('<dd>6 horas</dd>')
    expect(html).toContain('<dd>Cielo</dd>')
    expect(html).toContain('<dd>Con certificado</dd>')
    expect(html).toContain('Mes gratis')
    expect(html).toContain('Gratis')
    expect(html).toContain('30 días')
    expect(html).toContain('180 días')
    expect(html).toMatch(/\$49\.90/)
    const [free, priced] = astronomy.plans
    expect(html).toContain(`href="/register?subscribe=${astronomy.uuid}&amp;plan=${free}"`)
    expect(html).toContain(`href="/register?subscribe=${astronomy.uuid}&amp;plan=${priced}"`)
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:80\/api\/files\//)
  })

  it('describes the course as a schema.org Course with its provider, offers and an online instance', async () => {
    const res = await get(`/site/website/eng/courses/${astronomy.uuid}`)
    const [course] = structured(res.body)
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Astronomía',
      description: 'Estrellas y planetas',
      url: `http://localhost:80/site/website/eng/courses/${astronomy.uuid}`,
      inLanguage: 'en',
      provider: { '@type': 'Organization', name: 'Aula' },
      image: expect.stringMatching(/^http:\/\/localhost:80\/api\/files\//),
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'online' },
    })
    expect(course.offers).toEqual([
      { '@type': 'Offer', name: 'Mes gratis', category: 'Free', price: 0 },
      { '@type': 'Offer', name: 'Semestre', category: 'Paid', price: 49.9, priceCurrency: 'MXN' },
    ])
  })

  it('is a 404 page for an unknown, malformed, unpublished or removed course', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', draftOnly, removed.uuid, "'; DROP TABLE courses; --"]) {
      const res = await get(`/site/website/mx/courses/${encodeURIComponent(id)}`)
      expect(res.statusCode, id).toBe(404)
      expect(res.body).toContain('Página no encontrada')
    }
    expect((await get(`/site/nowhere/mx/courses/${astronomy.uuid}`)).statusCode).toBe(404)
    expect((await get(`/site/website/xx/courses/${astronomy.uuid}`)).statusCode).toBe(404)
  })
})

describe('the public career pages', () => {
  it("lists this site's chosen careers only", async () => {
    const res = await get('/site/website/mx/careers')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`href="/site/website/mx/careers/${career}">Ingeniería espacial</a>`)
    expect(res.body).toContain('Cohetes &amp; satélites')
    expect(res.body).not.toContain('Otra carrera')
    const other = await get('/site/campus/mx/careers')
    expect(other.body).toContain('Otra carrera')
    expect(other.body).not.toContain('Ingeniería espacial')
  })

  it("shows a career's cycles with dates, its subjects and their published courses", async () => {
    const res = await get(`/site/website/eng/careers/${career}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('<h1>Ingeniería espacial</h1>')
    expect(res.body).toContain('Ciclo 2027')
    expect(res.body).toContain('From January 15, 2027 to June 30, 2027')
    expect(res.body).not.toContain('Ciclo borrado')
    expect(res.body).toContain('<h3>Mecánica celeste (MC-1)</h3>')
    expect(res.body).toContain(`<a href="/site/website/eng/courses/${astronomy.uuid}">Astronomía</a>`)
    expect(res.body).not.toContain('Borrador sin publicar')
    expect(res.body).not.toContain('Curso retirado')
    const [program] = structured(res.body)
    expect(program).toMatchObject({
      '@type': 'EducationalOccupationalProgram',
      name: 'Ingeniería espacial',
      provider: { '@type': 'Organization', name: 'Aula' },
      hasCourse: [{ '@type': 'Course', name: 'Astronomía', url: `http://localhost:80/site/website/eng/courses/${astronomy.uuid}` }],
    })
  })

  it("answers another site's career, an unknown or malformed id with the 404 page", async () => {
    for (const id of [otherCareer, cycle, 'career', '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/site/website/mx/careers/${id}`)
      expect(res.statusCode, id).toBe(404)
    }
    expect((await get(`/site/campus/mx/careers/${otherCareer}`)).statusCode).toBe(200)
  })

  it('says so politely when the site shows no career', async () => {
    await api.db.query("INSERT INTO sites (slug, name, languages) VALUES ('empty', 'Vacío', ARRAY['mx', 'gr']::text[])")
    const res = await get('/site/empty/gr/careers')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Unsere Studiengänge werden hier bald vorgestellt.')
    expect(res.body).toContain('href="/site/empty/gr/courses"')
  })
})
