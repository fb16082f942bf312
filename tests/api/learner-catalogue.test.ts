import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { courseApp, revisionOf, startCourse, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { refreshStaleCatalogue } from '../../server/courses/catalogue/index.js'
import { catalogueEntry, difficulties, keysOf, L, publishCourse, quiz, subscribe, type PublishedCourse } from '../helpers/learner.js'

let api: CourseApi
let owner: Caller
let learner: Caller
let physics: PublishedCourse
let chemistry: PublishedCourse
let history: PublishedCourse
let science: string
let arts: string
let university: string
let easy: string
let hard: string

beforeAll(async () => {
  api = await courseApp({ UNIVERSITY_ORGANIZATION: 'Universidad Autónoma' })
  owner = await api.user('Olga Owner', ['creator'])
  learner = await api.user('Lena Learner', ['general'])
  science = await catalogueEntry(api, 'categories', 'Ciencias')
  arts = await catalogueEntry(api, 'categories', 'Artes')
  university = await catalogueEntry(api, 'organizations', 'Universidad Autónoma')
  const levels = await difficulties(api, owner)
  easy = levels[0].id
  hard = levels[levels.length - 1].id
  physics = await publishCourse(api, owner, {
    name: 'Física cuántica',
    briefDescription: 'Partículas y ondas',
    description: '<p>Una introducción a la <strong>mecánica</strong> cuántica</p>',
    categoryId: science,
    difficultyId: hard,
    organizationId: university,
    tags: ['Ciencia', 'Átomos'],
    keywords: ['quantum'],
    faq: [{ question: '¿Necesito matemáticas?', answer: 'Un poco' }],
    sections: [
      {
        title: 'Ondas',
        blocks: [
          { kind: 'text', values: { html: '<p>Hola</p>' } },
          { kind: 'form', values: quiz('Examen') },
        ],
      },
    ],
  })
  chemistry = await publishCourse(api, owner, {
    name: 'Química básica',
    briefDescription: 'Reacciones del día a día',
    categoryId: science,
    difficultyId: easy,
    tags: ['ciencia'],
  })
  history = await publishCourse(api, owner, {
    name: 'Historia del arte',
    briefDescription: 'Del románico al barroco',
    categoryId: arts,
    difficultyId: easy,
    tags: ['Arte'],
  })
})
afterAll(() => api.close())

const names = (res: { json(): { items: Array<{ name: string }> } }) =>
  res
    .json()
    .items.map((c) => c.name)
    .sort()
const list = (path: string, as: Caller = learner) => api.call(as, 'GET', `${L}/all/${path}`)

describe('catalogue', () => {
  it('lists the published courses, newest first, with their card fields', async () => {
    const res = await list('1')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.total).toBeGreaterThanOrEqual(3)
    const uuids = body.items.map((c: { uuid: string }) => c.uuid)
    expect(uuids.indexOf(history.uuid)).toBeLessThan(uuids.indexOf(physics.uuid))
    const card = body.items.find((c: { uuid: string }) => c.uuid === physics.uuid)
    expect(card).toEqual({
      uuid: physics.uuid,
      name: 'Física cuántica',
      briefDescription: 'Partículas y ondas',
      cover: expect.stringMatching(/^\/api\/files\/courses\//),
      category: { id: science, name: 'Ciencias' },
      difficulty: { id: hard, name: expect.any(String) },
      organization: { id: university, name: 'Universidad Autónoma' },
      tags: ['Ciencia', 'Átomos'],
      durationHours: 6,
      publishedAt: expect.any(String),
    })
    // The cover's read URL serves the uploaded file.
    expect((await api.app.inject({ method: 'GET', url: card.cover })).statusCode).toBe(200)
  })

  it('finds courses with or without accents, in any case, by word prefixes, across name, descriptions, tags and keywords', async () => {
    expect(names(await list('1/fisica'))).toEqual(['Física cuántica'])
    expect(names(await list('1/FÍSICA%20CUANT'))).toEqual(['Física cuántica'])
    expect(names(await list('1/quimica'))).toEqual(['Química básica'])
    expect(names(await list('1/mecanica'))).toEqual(['Física cuántica'])
    expect(names(await list('1/atomos'))).toEqual(['Física cuántica'])
    expect(names(await list('1/quantum'))).toEqual(['Física cuántica'])
    expect(names(await list('1/romanico'))).toEqual(['Historia del arte'])
    expect(names(await list('1/ciencia'))).toEqual(['Física cuántica', 'Química básica'])
    // Every word must match; operators typed by a learner are plain text.
    expect((await list('1/fisica%20barroco')).json()).toEqual({ items: [], total: 0 })
    expect((await list("1/f%C3%ADsica%20%26%20%7C%20!%20'%3A*")).json().total).toBe(1)
    // Whatever is typed, the answer is a list (never a server error).
    for (const odd of [
      '%20%21%21',
      '%C2%BD',
      '%E2%80%94',
      '%F0%9F%98%80',
      '%E5%AD%A6',
      '_',
      'a'.repeat(200),
      '%CE%BB%CF%8C%CE%B3%CE%BF%CF%82',
      '%5C',
      "'",
      '%22%3A*%7C',
    ]) {
      const res = await list(`1/${odd}`)
      expect(res.statusCode, `${odd}: ${res.body}`).toBe(200)
    }
    expect((await list(`1/${'a'.repeat(201)}`)).statusCode).toBe(400)
  })

  it('filters by category, difficulty, organization and tag, alone or with a search', async () => {
    expect(names(await list(`1?category=${science}`))).toEqual(['Física cuántica', 'Química básica'])
    expect(names(await list(`1?category=${science}&difficulty=${easy}`))).toEqual(['Química básica'])
    expect(names(await list(`1?organization=${university}`))).toEqual(['Física cuántica'])
    expect(names(await list('1?tag=CIENCIA'))).toEqual(['Física cuántica', 'Química básica'])
    expect(names(await list('1?tag=atomos'))).toEqual(['Física cuántica'])
    expect(names(await list(`1/historia?category=${arts}`))).toEqual(['Historia del arte'])
    expect(names(await list(`1/historia?category=${science}`))).toEqual([])
    const bad = await list('1?category=nope')
    expect(bad.statusCode).toBe(400)
    expect((await list('0')).statusCode).toBe(400)
  })

  it('pages by 12 and answers the total past the end', async () => {
    const past = await list('99')
    expect(past.statusCode).toBe(200)
    expect(past.json().items).toEqual([])
    expect(past.json().total).toBe((await list('1')).json().total)
  })

  it('offers the filter values in use with their counts', async () => {
    const res = await api.call(learner, 'GET', `${L}/catalogue/filters`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.categories).toEqual(
      expect.arrayContaining([
        { id: science, name: 'Ciencias', count: 2 },
        { id: arts, name: 'Artes', count: 1 },
      ]),
    )
    expect(body.organizations).toEqual([{ id: university, name: 'Universidad Autónoma', count: 1 }])
    expect(body.tags).toEqual(
      expect.arrayContaining([
        { name: expect.stringMatching(/^[Cc]iencia$/), count: 2 },
        { name: 'Átomos', count: 1 },
      ]),
    )
  })

  it('never lists a draft, and follows a new publication', async () => {
    const draft = await startCourse(api, owner, { name: 'Borrador secreto' })
    expect((await list('1/borrador')).json().total).toBe(0)
    expect((await api.call(learner, 'GET', `${L}/course/${draft.uuid}`)).statusCode).toBe(404)
    // Renaming the draft of a published course changes nothing until it is published again.
    const { revision } = (await api.call(owner, 'GET', `${V2}/builder/${chemistry.uuid}`)).json().Item
    expect((await api.call(owner, 'PUT', `${V2}/builder/update-general`, { uuid: chemistry.uuid, revision, name: 'Química orgánica' })).statusCode).toBe(200)
    expect(names(await list('1/organica'))).toEqual([])
    expect((await api.call(owner, 'POST', `${V2}/publish/all`, { uuid: chemistry.uuid })).statusCode).toBe(200)
    expect(names(await list('1/organica'))).toEqual(['Química orgánica'])
    // One row per course: the old name is gone from the catalogue.
    expect(names(await list('1/quimica'))).toEqual(['Química orgánica'])
  })

  it('gets back a course whose catalogue row is missing or stale at start, and drops a deleted course', async () => {
    await api.db.query('DELETE FROM published_courses WHERE uuid = $1', [history.uuid])
    expect(names(await list('1/historia'))).toEqual([])
    // What the server runs when it starts.
    expect(await refreshStaleCatalogue(api.db)).toBe(1)
    expect(names(await list('1/historia'))).toEqual(['Historia del arte'])
    expect(await refreshStaleCatalogue(api.db)).toBe(0)
    await api.db.query('UPDATE courses SET deleted_at = now() WHERE uuid = $1', [history.uuid])
    expect(names(await list('1/historia'))).toEqual([])
    expect((await api.call(learner, 'GET', `${L}/course/${history.uuid}`)).statusCode).toBe(404)
    await api.db.query('UPDATE courses SET deleted_at = NULL WHERE uuid = $1', [history.uuid])
  })

  it('is for learners and administrators only', async () => {
    expect((await api.call(null, 'GET', `${L}/all/1`)).statusCode).toBe(401)
    expect((await api.call(owner, 'GET', `${L}/all/1`)).statusCode).toBe(403)
  })
})

describe('overview, FAQ, collaborators', () => {
  it('shows the published version with read URLs and the syllabus, never form answers', async () => {
    const res = await api.call(learner, 'GET', `${L}/course/${physics.uuid}`)
    expect(res.statusCode, res.body).toBe(200)
    const item = res.json().Item
    expect(item).toMatchObject({
      uuid: physics.uuid,
      version: 1,
      name: 'Física cuántica',
      description: '<p>Una introducción a la <strong>mecánica</strong> cuántica</p>',
      durationHours: 6,
      organization: { id: university, name: 'Universidad Autónoma' },
      Details: { Organization: 'Universidad Autónoma', ShortDescription: 'Partículas y ondas' },
      cover: expect.stringMatching(/^\/api\/files\//),
      plans: [{ id: physics.plans[0], name: 'Free month', durationDays: 30, free: true, price: null, currency: null }],
      outline: [
        {
          title: 'Ondas',
          blocks: [
            { id: physics.blocks[0][0], kind: 'text' },
            { id: physics.blocks[0][1], kind: 'form', title: 'Examen' },
          ],
        },
      ],
    })
    const keys = keysOf(res.json())
    for (const hidden of ['correct', 'questions', 'values', 'template', 'createdBy']) expect(keys.has(hidden), hidden).toBe(false)
  })

  it('answers the FAQ and the collaborators of the published version, 404 for an unknown course and 400 for a bad id', async () => {
    expect((await api.call(learner, 'GET', `${L}/course/faq/${physics.uuid}`)).json()).toEqual({
      items: [{ id: expect.any(String), question: '¿Necesito matemáticas?', answer: 'Un poco' }],
    })
    expect((await api.call(learner, 'GET', `${L}/courses/course/collaborators/${physics.uuid}`)).json()).toEqual({ items: [] })
    const unknown = await api.call(learner, 'GET', `${L}/course/00000000-0000-4000-8000-000000000000`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Course not found', code: 'NOT_FOUND' })
    expect((await api.call(learner, 'GET', `${L}/course/faq/not-a-uuid`)).statusCode).toBe(400)
  })

  it("puts the published cover on the subscriber's dashboard card", async () => {
    const reader = await api.user('Dana Dashboard', ['general'])
    await subscribe(api, reader, physics)
    const items = (await api.call(reader, 'GET', '/api/v2/user/courses')).json().items as Array<{ uuid: string; cover: string | null }>
    const cover = items.find((c) => c.uuid === physics.uuid)?.cover
    expect(cover).toMatch(/^\/api\/files\/courses\//)
    expect((await api.app.inject({ method: 'GET', url: cover! })).statusCode).toBe(200)
  })

  it("shows the published name and brief description on the dashboard card, as the catalogue does, not the creator's draft", async () => {
    const course = await publishCourse(api, owner, { name: 'Óptica', briefDescription: 'Luz y lentes', organizationId: university })
    const reader = await api.user('Paula Published', ['general'])
    await subscribe(api, reader, course)
    const draft = await api.call(owner, 'PUT', `${V2}/builder/update-general`, {
      uuid: course.uuid,
      revision: await revisionOf(api, owner, course.uuid),
      name: 'Óptica (borrador)',
      briefDescription: 'Texto aún sin publicar',
    })
    expect(draft.statusCode, draft.body).toBe(200)

    const card = async () =>
      ((await api.call(reader, 'GET', '/api/v2/user/courses')).json().items as Array<{ uuid: string; name: string; details: Record<string, string> }>).find(
        (c) => c.uuid === course.uuid,
      )
    const tile = async () =>
      ((await list('1/optica', reader)).json().items as Array<{ uuid: string; name: string; briefDescription: string }>).find((c) => c.uuid === course.uuid)
    expect(await tile()).toMatchObject({ name: 'Óptica', briefDescription: 'Luz y lentes' })
    expect(await card()).toMatchObject({ name: 'Óptica', details: { ShortDescription: 'Luz y lentes', Organization: 'Universidad Autónoma' } })

    // Once published, the new texts reach the card too.
    expect((await api.call(owner, 'POST', `${V2}/publish/all`, { uuid: course.uuid })).statusCode).toBe(200)
    expect(await card()).toMatchObject({ name: 'Óptica (borrador)', details: { ShortDescription: 'Texto aún sin publicar' } })
  })

  it('tells the web app which organization is the university', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/config' })
    expect(res.json().universityOrganization).toBe('Universidad Autónoma')
  })
})
