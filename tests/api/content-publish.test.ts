import type { CourseSnapshot } from '../../contracts/courses/content.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloneContent } from '../../server/courses/content/clone.js'
import { CloneFiles } from '../../server/courses/files.js'
import { COLLABORATOR, contentApp, goodForm, LEARNER, OTHER_CREATOR, OWNER, REVIEWER, text, V2, type ContentApi } from './content-setup.js'

let api: ContentApi
beforeAll(async () => {
  api = await contentApp()
})
afterAll(() => api.close())

const KEYS = [
  'name',
  'briefDescription',
  'description',
  'cover',
  'duration',
  'difficulty',
  'category',
  'content',
  'blocks',
  'plan',
  'certificateTemplate',
  'forms',
  'weights',
]

/** Fills every general field the checklist asks for (what the general, media and plans tabs save). */
async function completeGeneralData(c: string) {
  const { rows } = await api.db.query<{ id: string }>("INSERT INTO categories (name) VALUES ('Science ' || gen_random_uuid()) RETURNING id")
  await api.db.query(
    `UPDATE courses SET details = '{"ShortDescription": "A short one"}'::jsonb, description = '<p>All about it</p>', cover_path = $2,
            duration_hours = 12, difficulty_id = (SELECT id FROM difficulties ORDER BY level LIMIT 1), category_id = $3, template_path = $4
      WHERE uuid = $1`,
    [c, `courses/${c}/cover/0123456789abcdef-c.png`, rows[0].id, `courses/${c}/certificate-template/0123456789abcdef-t.pdf`],
  )
  await api.db.query("INSERT INTO subscription_plans (course_uuid, name, duration_days, price, currency) VALUES ($1, 'Monthly', 30, 9.5, 'EUR')", [c])
}

const validate = (c: string, headers = OWNER) => api.as(headers, 'GET', `${V2}/publish/validate/${c}`)
const publish = (c: string, headers = OWNER) => api.as(headers, 'POST', `${V2}/publish/all`, { uuid: c })

describe('publish/validate', () => {
  it('names every checklist item and what is missing', async () => {
    const c = await api.course('x')
    await api.db.query("UPDATE courses SET name = ' ' WHERE uuid = $1", [c])
    const res = await validate(c)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.ok).toBe(false)
    expect(body.items.map((i: { key: string }) => i.key)).toEqual(KEYS)
    const byKey = Object.fromEntries(body.items.map((i: { key: string; ok: boolean; message: string }) => [i.key, i]))
    for (const key of ['name', 'briefDescription', 'description', 'cover', 'duration', 'difficulty', 'category', 'content', 'plan', 'certificateTemplate']) {
      expect(byKey[key].ok, key).toBe(false)
    }
    expect(byKey.content.message).toBe('Add a section with at least one block.')
    expect(byKey.plan.message).toBe('Add a subscription plan.')
    // Nothing to complete: no blocks, no forms.
    expect(byKey.blocks.ok).toBe(true)
    expect(byKey.forms).toEqual({ key: 'forms', ok: true, message: 'The course has no forms.' })
    expect(byKey.weights).toEqual({ key: 'weights', ok: true, message: 'The graded items have valid weights.' })
  })

  it('flags incomplete blocks and forms that cannot be passed, naming them', async () => {
    const c = await api.course()
    await completeGeneralData(c)
    const s = await api.section(c, 'Week 1')
    const img = await api.block(c, s, 'image', { title: 'Diagram' })
    const noAnswer = goodForm()
    noAnswer.questions[1].options[0].correct = false
    const form = await api.block(c, s, 'form', { ...noAnswer, name: 'Quiz' })
    const empty = await api.block(c, s, 'form', { name: 'Empty', tries: 1, requiredScore: 50, questions: [] })
    const res = await validate(c)
    const byKey = Object.fromEntries(res.json().items.map((i: { key: string }) => [i.key, i]))
    expect(byKey.content.ok).toBe(true)
    expect(byKey.blocks).toEqual({
      key: 'blocks',
      ok: false,
      message: 'The block “Diagram” of section “Week 1” has no image.',
      blocks: [img],
      // The same as codes, for the builder to word in the reader's language.
      problems: [{ block: img, blockLabel: '“Diagram”', sectionLabel: '“Week 1”', problem: 'noImage' }],
    })
    expect(byKey.forms.ok).toBe(false)
    expect(byKey.forms.blocks).toEqual([form, empty])
    expect(byKey.forms.problems).toEqual([
      { block: form, blockLabel: '“Quiz”', sectionLabel: '“Week 1”', problem: 'questionNoCorrect', question: 2 },
      { block: empty, blockLabel: '“Empty”', sectionLabel: '“Week 1”', problem: 'formNoQuestions' },
    ])
    expect(byKey.forms.message).toBe(
      'The block “Quiz” of section “Week 1” question 2 has no correct answer; The block “Empty” of section “Week 1” has no questions.',
    )
    // A reviewer may validate; another creator may not see the course.
    expect((await validate(c, REVIEWER)).statusCode).toBe(200)
    expect((await validate(c, OTHER_CREATOR)).statusCode).toBe(404)
  })
})

describe('publish/all', () => {
  it('is refused with the failing items while the checklist fails, and publishes once it is fixed', async () => {
    const c = await api.course('Physics')
    const s = await api.section(c, 'Week 1')
    const refused = await publish(c)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('NOT_READY')
    expect(refused.json().items.map((i: { key: string }) => i.key)).toEqual([
      'briefDescription',
      'description',
      'cover',
      'duration',
      'difficulty',
      'category',
      'content',
      'plan',
      'certificateTemplate',
    ])
    expect(refused.json().items.every((i: { ok: boolean }) => !i.ok)).toBe(true)
    expect((await api.db.query('SELECT 1 FROM course_versions WHERE course_uuid = $1', [c])).rows).toHaveLength(0)

    await completeGeneralData(c)
    await api.block(c, s, 'text', text('<p>Welcome</p>'))
    const f = await api.block(c, s, 'form', goodForm())
    expect((await validate(c)).json().ok).toBe(true)

    // A collaborator edits but does not publish; the reviewer publishes.
    expect((await publish(c, COLLABORATOR)).statusCode).toBe(403)
    expect((await publish(c, LEARNER)).statusCode).toBe(403)
    const before = await api.revision(c)
    const ok = await publish(c, REVIEWER)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ version: 1, publishedAt: expect.any(String) })
    // Publishing freezes what is saved: it is no write of the draft.
    expect(await api.revision(c)).toBe(before)

    const stored = await api.db.query<{ content: CourseSnapshot; published_by: string }>(
      'SELECT content, published_by FROM course_versions WHERE course_uuid = $1 AND version = 1',
      [c],
    )
    const snap = stored.rows[0].content
    expect(stored.rows[0].published_by).toBe('rev-cy')
    expect(snap).toMatchObject({
      format: 1,
      version: 1,
      publishedAt: ok.json().publishedAt,
      course: {
        uuid: c,
        name: 'Physics',
        briefDescription: 'A short one',
        durationHours: 12,
        difficulty: { name: expect.any(String) },
        createdBy: 'owner-ana',
        collaborators: [{ username: 'collab-bo', name: '' }],
      },
      plans: [{ name: 'Monthly', durationDays: 30, price: 9.5, currency: 'EUR' }],
      sections: [
        {
          id: s,
          title: 'Week 1',
          position: 0,
          blocks: [
            { kind: 'text', values: { html: '<p>Welcome</p>' } },
            { id: f, kind: 'form', version: 1 },
          ],
        },
      ],
    })
    // The snapshot keeps the correct answers for grading on the server.
    expect((snap.sections[0].blocks[1].values as ReturnType<typeof goodForm>).questions[0].options[0].correct).toBe(true)
    expect((await api.db.query<{ published_version: number }>('SELECT published_version FROM courses WHERE uuid = $1', [c])).rows[0].published_version).toBe(1)

    // The draft changes; the published version does not.
    const edit = await api.as(OWNER, 'PUT', `${V2}/blocks`, { uuid: c, revision: await api.revision(c), item: f, values: { ...goodForm(), name: 'Changed' } })
    expect(edit.statusCode).toBe(200)
    await api.section(c, 'Week 2')
    const again = await api.db.query<{ content: unknown }>('SELECT content FROM course_versions WHERE course_uuid = $1 AND version = 1', [c])
    expect(again.rows[0].content).toEqual(snap)

    // Legacy PUT publish makes the next version.
    const legacy = await api.as(OWNER, 'PUT', '/api/courses/creator/publish', { uuid: c })
    expect(legacy.statusCode).toBe(200)
    expect(legacy.json().version).toBe(2)
    const v2 = await api.db.query<{ content: CourseSnapshot }>('SELECT content FROM course_versions WHERE course_uuid = $1 AND version = 2', [c])
    expect(v2.rows[0].content.sections.map((x) => x.title)).toEqual(['Week 1', 'Week 2'])
    expect(v2.rows[0].content.sections[0].blocks[1].values.name).toBe('Changed')
  })
})

describe('review', () => {
  it('shows the course block by block to reviewers, owners and collaborators, and the legacy index and page', async () => {
    const c = await api.course('Review me')
    const s = await api.section(c, 'Only')
    const b = await api.block(c, s, 'form', goodForm())
    const t = await api.block(c, s, 'text', text('<p>Read</p>'))
    for (const [headers, role] of [
      [OWNER, 'owner'],
      [COLLABORATOR, 'collaborator'],
      [REVIEWER, 'reviewer'],
    ] as const) {
      const res = await api.as(headers, 'GET', `${V2}/builder/review/course/${c}`)
      expect(res.statusCode).toBe(200)
      expect(res.json().Item).toMatchObject({ uuid: c, name: 'Review me', role, publishedVersion: null, items: [{ id: s, blocks: [{ id: b }, { id: t }] }] })
    }
    expect((await api.as(OTHER_CREATOR, 'GET', `${V2}/builder/review/course/${c}`)).statusCode).toBe(404)
    const one = await api.as(REVIEWER, 'GET', `${V2}/review/course/block/${c}/${t}`)
    expect(one.json().Item).toMatchObject({ id: t, kind: 'text', values: { html: '<p>Read</p>' } })
    expect((await api.as(REVIEWER, 'GET', `${V2}/review/course/block/${c}/${s}`)).statusCode).toBe(404)
    const index = await api.as(REVIEWER, 'GET', `/api/courses/creator/review/index/${c}`)
    expect(index.json()).toEqual({
      items: [
        {
          id: s,
          title: 'Only',
          position: 0,
          blocks: [
            { id: b, kind: 'form', title: 'Check yourself', position: 0 },
            { id: t, kind: 'text', title: '', position: 1 },
          ],
        },
      ],
    })
    const page = await api.as(COLLABORATOR, 'GET', `/api/courses/creator/review/page/${c}/${s}/${b}`)
    expect(page.json().Item.values.questions[0].options[0].correct).toBe(true)
    const reviewerPage = await api.as(REVIEWER, 'GET', `/api/courses/creator/review/page/${c}/${s}/${b}`)
    expect(reviewerPage.json().Item.values.questions[0].options[0]).not.toHaveProperty('correct')
  })
})

describe('cloneContent', () => {
  it('copies sections and blocks in order with new ids and fresh histories', async () => {
    const from = await api.course('Original')
    const s1 = await api.section(from, 'One')
    const s2 = await api.section(from, 'Two')
    await api.block(from, s1, 'text', text('<p>a</p>'))
    await api.block(from, s1, 'form', goodForm())
    await api.block(from, s2, 'link', { url: 'https://example.com' })
    const gone = await api.block(from, s2, 'text', text('<p>deleted</p>'))
    await api.as(OWNER, 'POST', `${V2}/blocks/delete`, { uuid: from, revision: await api.revision(from), id: gone })
    const to = await api.course('Copy')
    const copied = await api.db.transaction((tx) => cloneContent(tx, from, to, { sub: 'other-di', username: 'other-di' }, new CloneFiles(api.app.storage, to)))
    expect(copied).toBe(5)
    const a = (await api.as(OWNER, 'GET', `${V2}/builder/blocks/${from}`)).json().items
    const b = (await api.as(OWNER, 'GET', `${V2}/builder/blocks/${to}`)).json().items
    const shape = (items: Array<{ title: string; blocks: Array<{ kind: string; values: unknown }> }>) =>
      items.map((x) => [x.title, x.blocks.map((y) => [y.kind, y.values])])
    expect(shape(b)).toEqual(shape(a))
    expect(b.map((x: { id: string }) => x.id)).not.toContain(s1)
    expect(b[0].blocks[0]).toMatchObject({ version: 1, updatedBy: 'other-di' })
    await api.layout(to)
  })
})
