import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, shareCourse, startCourse, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORM, FORMS, ONE_RIGHT, publishedCourse, RIGHT, subscribe, type PublishedCourse } from './forms-course.js'

/**
 * The gradebook (docs/teaching.md "Gradebook"): who may read the staff table and the learner's own page,
 * the figures (best score, assignments' states, the weighted grade), the CSV, paging and filters, the
 * weights (revision and 409) and the publish checklist's rule on them.
 */

const GRADEBOOK = '/api/v2/courses/gradebook'

let api: CourseApi
let owner: Caller
type Person = Awaited<ReturnType<CourseApi['user']>>
let collaborator: Person
let grader: Person
let reviewer: Caller
let otherCreator: Caller
let course: PublishedCourse
let essay: string
let lena: Caller & { username: string; email: string }
let leo: Caller & { username: string; email: string }
let eve: Caller & { username: string; email: string }

/** A learner whose name a spreadsheet would read as a formula. */
async function formulaLearner() {
  const email = `eve.formula.${process.pid}@example.test`
  const res = await api.call(ADMIN_CALLER, 'POST', '/api/admin/users/create', { email, name: '=HYPERLINK("x") Eve, the "tester"', groups: ['general'] })
  expect(res.statusCode, res.body).toBe(201)
  const username = res.json().Item.username as string
  return { ...caller(username, ['general']), username, email }
}
let stranger: Caller

const table = (as: Caller | null, query = '') => api.call(as, 'GET', `${GRADEBOOK}/${course.uuid}${query}`)
const me = (as: Caller) => api.call(as, 'GET', `${GRADEBOOK}/${course.uuid}/me`)
const complete = (as: Caller, id: string, answers: Record<string, string[]>) =>
  api.call(as, 'POST', `${FORMS}/completed`, { course: course.uuid, id, answers }).then((r) => expect(r.statusCode, r.body).toBe(200))

/** A submission row as the assignment feature stores it. */
async function submission(who: string, values: { status: string; score?: number; passed?: boolean; late?: boolean }) {
  await api.db.query(
    `INSERT INTO assignment_submissions (course_uuid, block_id, user_sub, course_version, status, score, passed, late)
     VALUES ($1, $2, $3, 1, $4, $5, $6, $7)`,
    [course.uuid, essay, who, values.status, values.score ?? null, values.passed ?? null, values.late ?? false],
  )
}

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  collaborator = await api.user('Carl Collaborator', ['creator'])
  grader = await api.user('Greta Grader', ['creator'])
  reviewer = await api.user('Rita Reviewer', ['reviewer'])
  otherCreator = await api.user('Omar Other', ['creator'])
  course = await publishedCourse(api, owner, {
    forms: [
      { ...FORM, name: 'Quiz A', required: true, weight: 3 },
      { ...FORM, name: 'Quiz B', weight: 1 },
    ],
  })
  // An assignment block graded on a plain score: added to the draft, then published again.
  const { rows } = await api.db.query<{ id: string }>(
    `INSERT INTO course_items (course_uuid, section_id, kind, position, "values")
     SELECT course_uuid, section_id, 'assignment', 3, $2::jsonb FROM course_items WHERE id = $1 RETURNING id`,
    [
      course.forms[0],
      JSON.stringify({
        title: 'Essay',
        weight: 2,
        instructions: '<p>Write an essay.</p>',
        textAnswer: 'required',
        maxFiles: 0,
        grading: 'points',
        maxScore: 10,
        passMark: 50,
      }),
    ],
  )
  essay = rows[0].id
  await shareCourse(api, owner, course.uuid, collaborator)
  await shareCourse(api, owner, course.uuid, grader)
  await api.db.query(`UPDATE course_collaborators SET role = 'grader' WHERE course_uuid = $1 AND user_sub = $2`, [course.uuid, grader.sub])
  const republished = await api.call(owner, 'POST', `${V2}/publish/all`, { uuid: course.uuid })
  expect(republished.statusCode, republished.body).toBe(200)

  lena = await api.user('Lena Learner', ['general'])
  leo = await api.user('Leo Learner', ['general'])
  eve = await formulaLearner()
  stranger = await api.user('Sam Stranger', ['general'])
  for (const who of [lena, leo, eve]) await subscribe(api, course, who)

  await complete(lena, course.forms[0], ONE_RIGHT)
  await complete(lena, course.forms[0], RIGHT)
  await complete(lena, course.forms[1], ONE_RIGHT)
  await submission(lena.sub, { status: 'graded', score: 80, passed: true, late: true })
  await submission(leo.sub, { status: 'submitted' })
})
afterAll(() => api.close())

describe('who may read the gradebook', () => {
  // The grader is a course_collaborators row with role 'grader' (migration 0036). Until `courseRoles` tells
  // that role apart it counts as a collaborator; once it does, the grader keeps 'grade' and this still holds.
  it('lets course staff read the table: owner, collaborator, grader, administrator', async () => {
    for (const who of [owner, collaborator, grader, ADMIN_CALLER]) {
      const res = await table(who)
      expect(res.statusCode, `${who.sub}: ${res.body}`).toBe(200)
      expect(res.json().estimated).toBe(3)
    }
  })

  it('refuses learners (403), reviewers (403), creators of other courses (404) and anonymous callers (401)', async () => {
    expect((await table(lena)).statusCode).toBe(403)
    const byReviewer = await table(reviewer)
    expect(byReviewer.statusCode).toBe(403)
    expect(byReviewer.json().code).toBe('CANNOT_MANAGE')
    expect((await table(otherCreator)).json()).toEqual({ message: 'Not authorized!', code: 'NOT_AUTHORIZED' })
    expect((await table(null)).statusCode).toBe(401)
    expect((await api.call(lena, 'GET', `${GRADEBOOK}/${course.uuid}/export.csv`)).statusCode).toBe(403)
    expect((await api.call(reviewer, 'GET', `${GRADEBOOK}/${course.uuid}/export.csv`)).statusCode).toBe(403)
    expect((await api.call(owner, 'GET', `${GRADEBOOK}/not-a-uuid`)).statusCode).toBe(400)
  })

  it('gives each learner their own page only, and none to a non-subscriber', async () => {
    const mine = await me(lena)
    expect(mine.statusCode, mine.body).toBe(200)
    const theirs = await me(leo)
    expect(theirs.json().items.map((i: { cell: { score: number | null } }) => i.cell.score)).toEqual([null, null, null])
    expect(mine.json().items.map((i: { cell: { score: number | null } }) => i.cell.score)).toEqual([100, 33.33, 80])
    const refused = await me(stranger)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('NOT_SUBSCRIBED')
    expect((await api.call(lena, 'GET', `${GRADEBOOK}/00000000-0000-4000-8000-000000000000/me`)).statusCode).toBe(404)
  })
})

describe('the figures', () => {
  it('lists the graded items with their weights and each learner’s cells, weighted grade and completion', async () => {
    const page = (await table(owner)).json()
    expect(page.gradedItems.map((i: { name: string; kind: string; weight: number; required: boolean }) => [i.name, i.kind, i.weight, i.required])).toEqual([
      ['Quiz A', 'form', 3, true],
      ['Quiz B', 'form', 1, false],
      ['Essay', 'assignment', 2, false],
    ])
    const row = page.items.find((r: { learner: { username: string } }) => r.learner.username === lena.username)
    expect(row.learner).toEqual({ username: lena.username, name: 'Lena Learner', email: lena.email })
    expect(row.cells).toEqual([
      { item: course.forms[0], score: 100, passed: true, attemptsUsed: 2, tries: 3 },
      { item: course.forms[1], score: 33.33, passed: false, attemptsUsed: 1, tries: 3 },
      { item: essay, score: 80, passed: true, status: 'graded', late: true },
    ])
    // (3 × 100 + 1 × 33.33 + 2 × 80) / 6
    expect(row.grade).toBe(82.22)
    expect(row.completion).toMatchObject({ completed: true, done: 1, required: 1 })
    expect(row.completion.certificate).toMatch(/^[0-9A-Z]{12}$/)

    const leoRow = page.items.find((r: { learner: { username: string } }) => r.learner.username === leo.username)
    // Nothing scored yet counts 0; a submission waiting for its grade has no score.
    expect(leoRow.grade).toBe(0)
    expect(leoRow.cells[2]).toEqual({ item: essay, score: null, passed: null, status: 'submitted', late: false })
    expect(leoRow.cells[0]).toEqual({ item: course.forms[0], score: null, passed: null, attemptsUsed: 0, tries: 3 })
    expect(leoRow.completion).toEqual({ completed: false, completedAt: null, certificate: null, done: 0, required: 1 })
  })

  it('shows the learner what remains for the certificate', async () => {
    const leoPage = (await me(leo)).json()
    expect(leoPage.grade).toBe(0)
    expect(leoPage.remaining).toEqual([{ id: course.forms[0], kind: 'form', title: 'Quiz A', section: expect.any(String), sectionTitle: 'Basics' }])
    const lenaPage = (await me(lena)).json()
    expect(lenaPage.remaining).toEqual([])
    expect(lenaPage.grade).toBe(82.22)
    expect(lenaPage.items.map((i: { weight: number }) => i.weight)).toEqual([3, 1, 2])
    expect(lenaPage.course).toEqual({ uuid: course.uuid, name: course.name })
  })
})

describe('paging and filters', () => {
  it('pages by learner with a token until the last page', async () => {
    const seen: string[] = []
    let token: string | null = null
    do {
      const res = await table(owner, `?sizePerPage=1${token ? `&paginationToken=${token}` : ''}`)
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json() as { items: Array<{ learner: { username: string } }>; paginationToken: string | null; estimated: number }
      expect(body.items).toHaveLength(1)
      expect(body.estimated).toBe(3)
      seen.push(body.items[0].learner.username)
      token = body.paginationToken
    } while (token)
    expect(seen).toEqual([lena.username, leo.username, eve.username].sort())
    expect((await table(owner, '?paginationToken=nonsense')).statusCode).toBe(400)
    expect((await table(owner, '?sizePerPage=1000')).statusCode).toBe(400)
  })

  it('filters by search, completion and an ungraded or failing item', async () => {
    const names = async (query: string) => {
      const res = await table(owner, query)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json().items as Array<{ learner: { username: string } }>).map((r) => r.learner.username).sort()
    }
    expect(await names('?completion=completed')).toEqual([lena.username])
    expect(await names('?completion=notCompleted')).toEqual([leo.username, eve.username].sort())
    expect(await names(`?item=${course.forms[1]}&itemState=failing`)).toEqual([lena.username])
    expect(await names(`?item=${course.forms[1]}&itemState=ungraded`)).toEqual([leo.username, eve.username].sort())
    expect(await names(`?item=${essay}&itemState=ungraded`)).toEqual([leo.username, eve.username].sort())
    expect(await names(`?item=${essay}&itemState=failing`)).toEqual([])
    expect(await names(`?search=${encodeURIComponent(leo.email)}`)).toEqual([leo.username])
    expect(await names('?search=Lena')).toEqual([lena.username])
    const noState = await table(owner, `?item=${essay}`)
    expect(noState.statusCode).toBe(400)
    expect(noState.json().errors).toHaveProperty('itemState')
    const notGraded = await table(owner, `?item=${course.blocks[0]}&itemState=failing`)
    expect(notGraded.statusCode).toBe(400)
    expect(notGraded.json().errors).toHaveProperty('item')
  })
})

describe('the CSV', () => {
  it('is UTF-8 with a BOM, a header row, RFC 4180 quoting and formulas made inert', async () => {
    const res = await api.call(grader, 'GET', `${GRADEBOOK}/${course.uuid}/export.csv`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toContain('attachment; filename="gradebook-')
    const raw = res.rawPayload
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = raw.subarray(3).toString('utf8').split('\r\n')
    expect(lines[0]).toBe(
      'username,name,email,Quiz A (score),Quiz A (result),Quiz B (score),Quiz B (result),Essay (score),Essay (status),weighted grade,completed,certificate,done,required',
    )
    expect(lines).toHaveLength(5) // three learners and the final line end
    expect(lines[4]).toBe('')
    const lenaLine = lines.find((l) => l.startsWith(`${lena.username},`))!
    expect(lenaLine).toMatch(
      new RegExp(
        `^${lena.username},Lena Learner,${lena.email.replace(/\./g, '\\.')},100,passed,33\\.33,failed,80,passed \\(late\\),82\\.22,yes,[0-9A-Z]{12},1,1$`,
      ),
    )
    const eveLine = lines.find((l) => l.startsWith(`${eve.username},`))!
    expect(eveLine).toContain(`,"'=HYPERLINK(""x"") Eve, the ""tester""",`)
    expect(lines.find((l) => l.startsWith(`${leo.username},`))).toContain(',,not attempted,,not attempted,,submitted,0,no,,0,1')
  })

  it('takes the table’s filters', async () => {
    const res = await api.call(owner, 'GET', `${GRADEBOOK}/${course.uuid}/export.csv?completion=completed`)
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1].startsWith(`${lena.username},`)).toBe(true)
  })
})

describe('weights', () => {
  it('lists the draft’s graded items and sets a weight with the course’s revision; a stale one is 409', async () => {
    const read = await api.call(collaborator, 'GET', `${GRADEBOOK}/${course.uuid}/weights`)
    expect(read.statusCode, read.body).toBe(200)
    const { revision, items } = read.json() as { revision: number; items: Array<{ id: string; weight: number }> }
    expect(items.map((i) => i.weight)).toEqual([3, 1, 2])
    const put = (as: Caller, body: Record<string, unknown>) => api.call(as, 'PUT', `${GRADEBOOK}/${course.uuid}/weights`, body)
    const saved = await put(collaborator, { revision, block: essay, weight: 4.5 })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().revision).toBe(revision + 1)
    expect(saved.json().item).toMatchObject({ id: essay, kind: 'assignment', weight: 4.5, name: 'Essay' })
    const stale = await put(owner, { revision, block: course.forms[1], weight: 7 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'STALE_REVISION', revision: revision + 1 })
    // The block keeps its history: the weight is a new version of its values.
    const { rows } = await api.db.query<{ version: number; values: { weight?: number; title?: string } }>(
      'SELECT version, "values" FROM course_items WHERE id = $1',
      [essay],
    )
    expect(rows[0].values).toMatchObject({ title: 'Essay', weight: 4.5, grading: 'points', maxScore: 10 })
    // What learners see changes only with the next publication.
    expect((await table(owner)).json().gradedItems[2].weight).toBe(2)
  })

  it('refuses weights outside 0–100, blocks that are not graded, and callers who may not edit', async () => {
    const put = (as: Caller, body: Record<string, unknown>) => api.call(as, 'PUT', `${GRADEBOOK}/${course.uuid}/weights`, body)
    const revision = (await api.call(owner, 'GET', `${GRADEBOOK}/${course.uuid}/weights`)).json().revision as number
    const tooMuch = await put(owner, { revision, block: essay, weight: 101 })
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().errors).toHaveProperty('weight')
    expect((await put(owner, { revision, block: essay, weight: -1 })).statusCode).toBe(400)
    expect((await put(owner, { revision, block: course.blocks[0], weight: 3 })).json()).toEqual({ message: 'Item not found', code: 'NOT_FOUND' })
    expect((await put(reviewer, { revision, block: essay, weight: 3 })).statusCode).toBe(403)
    expect((await put(lena, { revision, block: essay, weight: 3 })).statusCode).toBe(403)
    expect((await put(otherCreator, { revision, block: essay, weight: 3 })).statusCode).toBe(404)
    expect((await api.call(reviewer, 'GET', `${GRADEBOOK}/${course.uuid}/weights`)).statusCode).toBe(200)
  })
})

describe('the publish checklist', () => {
  it('refuses a course whose graded items all weigh 0, or a weight outside 0–100', async () => {
    const { uuid, revision } = await startCourse(api, owner)
    const add = async (rev: number, body: Record<string, unknown>) => {
      const res = await api.call(owner, 'POST', `${V2}/blocks/add`, { uuid, revision: rev, ...body })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { revision: number; item: { id: string } }
    }
    const section = await add(revision, { item: 'section', values: { title: 'One' } })
    const form = await add(section.revision, { item: 'form', section: section.item.id, values: { ...FORM, weight: 0 } })
    const weights = async () =>
      ((await api.call(owner, 'GET', `${V2}/publish/validate/${uuid}`)).json().items as Array<{ key: string; ok: boolean; message: string }>).find(
        (i) => i.key === 'weights',
      )!
    expect(await weights()).toMatchObject({ ok: false, message: 'Give at least one graded item (a form or an assignment) a weight above 0.' })
    const published = await api.call(owner, 'POST', `${V2}/publish/all`, { uuid })
    expect(published.statusCode).toBe(409)
    expect((published.json().items as Array<{ key: string }>).map((i) => i.key)).toContain('weights')

    await api.db.query(`UPDATE course_items SET "values" = jsonb_set("values", '{weight}', '150') WHERE id = $1`, [form.item.id])
    expect(await weights()).toMatchObject({ ok: false, message: 'Give every graded item a weight between 0 and 100.' })
    const fixed = await api.call(owner, 'PUT', `${GRADEBOOK}/${uuid}/weights`, { revision: form.revision, block: form.item.id, weight: 10 })
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect(await weights()).toMatchObject({ ok: true })
  })

  it('passes a course without graded items', async () => {
    const { uuid } = await startCourse(api, owner)
    const items = (await api.call(owner, 'GET', `${V2}/publish/validate/${uuid}`)).json().items as Array<{ key: string; ok: boolean }>
    expect(items.find((i) => i.key === 'weights')?.ok).toBe(true)
  })
})
