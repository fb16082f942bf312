import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, courseApp, getDraft, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { publishedCourse, subscribe, type PublishedCourse } from './forms-course.js'
import { multipart } from './storage-contract.js'

/**
 * Assignments graded by people (decision 0033): the learner's hand-in (files uploaded straight to
 * storage and/or a text), the rules of resubmission and due dates, grading by course staff with the
 * rubric or a plain score, the stale-revision 409 of two graders at once, who may see what, and the
 * certificate a passing grade issues.
 */

const A = '/api/v2/courses/assignments'
const G = `${A}/grading`

/** Two criteria: 0/5/10 and 0/10 points, 20 in all; 60 % to pass. */
const RUBRIC_ASSIGNMENT = {
  title: 'Essay',
  required: true,
  instructions: '<p>Write an essay.</p><script>alert(1)</script>',
  fileTypes: ['.pdf', 'text/plain'],
  maxFiles: 2,
  maxFileSize: 1000,
  textAnswer: 'optional',
  dueMode: 'none',
  grading: 'rubric',
  passMark: 60,
  rubric: [
    {
      id: 'c1',
      title: 'Argument',
      levels: [
        { id: 'weak', title: 'Weak', points: 0 },
        { id: 'fair', title: 'Fair', points: 5 },
        { id: 'strong', title: 'Strong', points: 10 },
      ],
    },
    {
      id: 'c2',
      title: 'Sources',
      levels: [
        { id: 'none', title: 'None', points: 0 },
        { id: 'good', title: 'Good', points: 10 },
      ],
    },
  ],
}

/** A text-only assignment graded out of 40, due in the past. */
const PAST_DUE_ASSIGNMENT = {
  title: 'Late one',
  instructions: '<p>Answer in words.</p>',
  maxFiles: 0,
  textAnswer: 'required',
  dueMode: 'date',
  dueAt: '2020-01-01T00:00:00.000Z',
  grading: 'points',
  maxScore: 40,
  passMark: 50,
}

let api: CourseApi
let owner: Caller & { username: string }
let course: PublishedCourse
let other: PublishedCourse
let grader: Caller & { username: string }
let collaborator: Caller & { username: string }
let reviewer: Caller
let essay: string
let late: string

async function share(who: { username: string }, role: 'collaborator' | 'grader', uuid = course.uuid) {
  const { revision } = await getDraft(api, owner, uuid)
  const res = await api.call(owner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, { username: who.username, revision, role })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishedCourse(api, owner, {
    forms: [],
    extra: [
      { kind: 'assignment', values: RUBRIC_ASSIGNMENT },
      { kind: 'assignment', values: PAST_DUE_ASSIGNMENT },
    ],
  })
  ;[essay, late] = course.extra
  other = await publishedCourse(api, owner, { forms: [], extra: [{ kind: 'assignment', values: RUBRIC_ASSIGNMENT }] })
  grader = await api.user('Greta Grader', ['creator'])
  collaborator = await api.user('Carl Collaborator', ['creator'])
  reviewer = await api.user('Rita Reviewer', ['reviewer'])
  await share(grader, 'grader')
  await share(collaborator, 'collaborator')
})
afterAll(() => api.close())

const learner = async (name: string, on: PublishedCourse = course) => {
  const who = await api.user(name, ['general'])
  await subscribe(api, on, who)
  return who
}

/** Uploads a file for the learner's hand-in as a browser does; answers its path. */
async function uploadFile(as: Caller, block: string, file = { bytes: Buffer.from('%PDF-1.4 essay'), name: 'essay.pdf', type: 'application/pdf' }, on = course) {
  const par = await api.call(as, 'POST', `${A}/file-par`, { course: on.uuid, block, fileName: file.name, size: file.bytes.length, contentType: file.type })
  expect(par.statusCode, par.body).toBe(200)
  const { url, fields, path } = par.json() as { url: string; fields: Record<string, string>; path: string }
  const { body, contentType } = await multipart(fields, file)
  const posted = await api.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return path
}

const submit = (as: Caller, body: Record<string, unknown>) =>
  api.call(as, 'POST', `${A}/submit`, { course: course.uuid, block: essay, revision: 0, files: [], ...body })
const grade = (as: Caller, body: Record<string, unknown>) => api.call(as, 'POST', `${G}/grade`, body)

describe('the grader role', () => {
  it('shows graders and collaborators with their role, and the owner changes it', async () => {
    const list = await api.call(owner, 'GET', `${V2}/share/collaborators/${course.uuid}`)
    expect(list.json().items.map((c: { username: string; role: string }) => [c.username, c.role])).toEqual([
      [grader.username, 'grader'],
      [collaborator.username, 'collaborator'],
    ])
    const someone = await api.user('Sam Switch', ['creator'])
    expect((await share(someone, 'collaborator')).items.find((c: { username: string }) => c.username === someone.username).role).toBe('collaborator')
    expect((await share(someone, 'grader')).items.find((c: { username: string }) => c.username === someone.username).role).toBe('grader')
    // The course shows as the grader's, with the role 'grader'.
    expect((await getDraft(api, someone, course.uuid)).role).toBe('grader')
    const mine = await api.call(someone, 'GET', `${V2}/all/1/shared`)
    expect(mine.json().items.find((c: { uuid: string }) => c.uuid === course.uuid).role).toBe('grader')
  })

  it('reads the course but edits, manages and publishes nothing', async () => {
    const { revision } = await getDraft(api, grader, course.uuid)
    const edit = await api.call(grader, 'PUT', `${V2}/builder/update-general`, { uuid: course.uuid, revision, name: 'Renamed' })
    expect(edit.statusCode).toBe(403)
    const manage = await api.call(grader, 'PUT', `${V2}/builder/share/add/collaborators/${course.uuid}`, { username: reviewer.sub, revision })
    expect(manage.statusCode).toBe(403)
    const publish = await api.call(grader, 'POST', '/api/v2/courses/creator/publish/all', { uuid: course.uuid })
    expect(publish.statusCode).toBe(403)
  })

  it('keeps a role given through collaborators-update, and refuses an unknown one', async () => {
    const { revision } = await getDraft(api, owner, other.uuid)
    const res = await api.call(owner, 'POST', `${V2}/builder/collaborators-update`, {
      uuid: other.uuid,
      revision,
      items: [{ username: grader.username, role: 'grader' }],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().items).toMatchObject([{ username: grader.username, role: 'grader' }])
    const bad = await api.call(owner, 'POST', `${V2}/builder/collaborators-update`, {
      uuid: other.uuid,
      revision: res.json().revision,
      items: [{ username: grader.username, role: 'owner' }],
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('handing in', () => {
  it('takes files and a text, and shows the learner only their own', async () => {
    const lena = await learner('Lena Learner')
    const before = await api.call(lena, 'GET', `${A}/mine/${course.uuid}/${essay}`)
    expect(before.statusCode, before.body).toBe(200)
    expect(before.json()).toMatchObject({ dueAt: null, canSubmit: true, refusal: null, submission: null })
    const path = await uploadFile(lena, essay)
    const res = await submit(lena, { files: [{ path, name: 'essay.pdf' }], text: 'My notes' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'submitted', text: 'My notes', late: false, submissions: 1, revision: 1, grade: null })
    expect(res.json().files[0]).toMatchObject({ name: 'essay.pdf', size: 14, contentType: 'application/pdf' })
    // The learner's own link reads the file.
    const file = await api.app.inject({ method: 'GET', url: res.json().files[0].url })
    expect(file.statusCode).toBe(200)
    // Another learner sees nothing of it.
    const leo = await learner('Leo Other')
    expect((await api.call(leo, 'GET', `${A}/mine/${course.uuid}/${essay}`)).json().submission).toBeNull()
    // ...and cannot hand in Lena's file as theirs.
    const stolen = await submit(leo, { files: [{ path, name: 'essay.pdf' }] })
    expect(stolen.statusCode).toBe(400)
    expect(stolen.json().code).toBe('NOT_UPLOADED')
  })

  it("checks the assignment's kinds, size and count of files, and its text rule", async () => {
    const lara = await learner('Lara Checks')
    const ask = (body: Record<string, unknown>) =>
      api.call(lara, 'POST', `${A}/file-par`, { course: course.uuid, block: essay, fileName: 'a.pdf', size: 10, contentType: 'application/pdf', ...body })
    expect((await ask({ fileName: 'a.exe', contentType: 'application/x-msdownload' })).statusCode).toBe(400)
    expect((await ask({ size: 5000 })).statusCode).toBe(413)
    expect((await ask({ fileName: 'notes.txt', contentType: 'text/plain' })).statusCode).toBe(200)
    expect(
      (await api.call(lara, 'POST', `${A}/file-par`, { course: course.uuid, block: late, fileName: 'a.pdf', size: 10, contentType: 'application/pdf' }))
        .statusCode,
    ).toBe(400)
    const paths = [await uploadFile(lara, essay), await uploadFile(lara, essay), await uploadFile(lara, essay)]
    const tooMany = await submit(lara, { files: paths.map((p) => ({ path: p, name: 'x.pdf' })) })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors).toHaveProperty('files')
    expect((await submit(lara, {})).statusCode).toBe(400)
    expect((await submit(lara, { files: [{ path: 'assignments/nope/x.pdf', name: 'x.pdf' }] })).statusCode).toBe(400)
    // A file uploaded for another assignment is not one of this assignment's.
    const text = await api.call(lara, 'POST', `${A}/submit`, { course: course.uuid, block: late, revision: 0, files: [] })
    expect(text.statusCode).toBe(400)
    expect(text.json().errors).toHaveProperty('text')
  })

  it('refuses callers without an active subscription, and unknown blocks', async () => {
    const stranger = await api.user('Stan Stranger', ['general'])
    expect((await api.call(stranger, 'GET', `${A}/mine/${course.uuid}/${essay}`)).statusCode).toBe(403)
    const lena = await learner('Lena Blocks')
    expect((await api.call(lena, 'GET', `${A}/mine/${course.uuid}/${course.blocks[0]}`)).statusCode).toBe(404)
    expect((await api.call(null, 'GET', `${A}/mine/${course.uuid}/${essay}`)).statusCode).toBe(401)
  })

  it('takes a first hand-in after the due date as late, and refuses a resubmission then', async () => {
    const luke = await learner('Luke Late')
    const first = await api.call(luke, 'POST', `${A}/submit`, { course: course.uuid, block: late, revision: 0, files: [], text: 'Sorry, late' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ late: true, status: 'submitted' })
    const again = await api.call(luke, 'POST', `${A}/submit`, { course: course.uuid, block: late, revision: first.json().revision, files: [], text: 'Again' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('PAST_DUE')
    const mine = (await api.call(luke, 'GET', `${A}/mine/${course.uuid}/${late}`)).json()
    expect(mine).toMatchObject({ dueAt: '2020-01-01T00:00:00.000Z', canSubmit: false, refusal: 'PAST_DUE' })
    // Returned work may come back after the due date.
    const returned = await api.call(grader, 'POST', `${G}/return`, { id: first.json().id, revision: first.json().revision, feedback: 'Add an example' })
    expect(returned.statusCode, returned.body).toBe(200)
    const back = await api.call(luke, 'POST', `${A}/submit`, {
      course: course.uuid,
      block: late,
      revision: returned.json().revision,
      files: [],
      text: 'With an example',
    })
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ status: 'submitted', submissions: 2, late: true, feedback: 'Add an example' })
  })

  it('resubmits before grading with the revision it saw; a stale one is a 409', async () => {
    const rosa = await learner('Rosa Resubmit')
    const first = await submit(rosa, { text: 'Draft' })
    expect(first.statusCode, first.body).toBe(200)
    const second = await submit(rosa, { text: 'Final', revision: first.json().revision })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json()).toMatchObject({ text: 'Final', submissions: 2 })
    const stale = await submit(rosa, { text: 'Other tab', revision: first.json().revision })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'STALE_REVISION', revision: second.json().revision })
    const duplicate = await submit(rosa, { text: 'Another first' })
    expect(duplicate.statusCode).toBe(409)
  })
})

describe('grading', () => {
  it('lets owner, admin, collaborator and grader see the queue; reviewers, learners and other creators not', async () => {
    const lena = await learner('Lena Queue')
    expect((await submit(lena, { text: 'Queue me' })).statusCode).toBe(200)
    for (const who of [owner, ADMIN_CALLER, collaborator, grader]) {
      const res = await api.call(who, 'GET', `${G}/queue/${course.uuid}`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().items.some((i: { learner: { name: string } }) => i.learner.name === 'Lena Queue')).toBe(true)
    }
    expect((await api.call(reviewer, 'GET', `${G}/queue/${course.uuid}`)).statusCode).toBe(403)
    expect((await api.call(lena, 'GET', `${G}/queue/${course.uuid}`)).statusCode).toBe(403)
    const outsider = await api.user('Omar Other', ['creator'])
    expect((await api.call(outsider, 'GET', `${G}/queue/${course.uuid}`)).statusCode).toBe(404)
  })

  it('filters by learner and status, and pages with a token', async () => {
    const names = ['Pia Page', 'Pablo Page', 'Petra Page']
    for (const n of names) expect((await submit(await learner(n), { text: n })).statusCode).toBe(200)
    const found = await api.call(grader, 'GET', `${G}/queue/${course.uuid}?learner=page&limit=2`)
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json().items.map((i: { learner: { name: string } }) => i.learner.name)).toEqual(['Pia Page', 'Pablo Page'])
    const rest = await api.call(
      grader,
      'GET',
      `${G}/queue/${course.uuid}?learner=page&limit=2&paginationToken=${encodeURIComponent(found.json().paginationToken)}`,
    )
    expect(rest.json().items.map((i: { learner: { name: string } }) => i.learner.name)).toEqual(['Petra Page'])
    expect(rest.json().paginationToken).toBeNull()
    const lateOnes = await api.call(grader, 'GET', `${G}/queue/${course.uuid}?filter=late`)
    expect(lateOnes.json().items.every((i: { late: boolean }) => i.late)).toBe(true)
    expect(found.json().assignments.map((a: { title: string }) => a.title)).toEqual(['Essay', 'Late one'])
    expect((await api.call(grader, 'GET', `${G}/queue/${course.uuid}?paginationToken=bogus`)).statusCode).toBe(400)
  })

  it('grades with the rubric: points, percent and pass are computed; the certificate is issued in the grading request', async () => {
    const gina = await learner('Gina Graded')
    const handed = await submit(gina, { files: [{ path: await uploadFile(gina, essay), name: 'essay.pdf' }] })
    expect(handed.statusCode, handed.body).toBe(200)
    const { id, revision } = handed.json()
    // Staff read the submission with its file link.
    const seen = await api.call(grader, 'GET', `${G}/submission/${id}`)
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.json()).toMatchObject({ learner: { name: 'Gina Graded' }, maxPoints: 20, blockTitle: 'Essay' })
    expect((await api.app.inject({ method: 'GET', url: seen.json().files[0].url })).statusCode).toBe(200)
    // Missing and unknown levels are refused; a sent score or pass is ignored.
    expect((await grade(grader, { id, revision, rubric: { c1: 'strong' } })).statusCode).toBe(400)
    expect((await grade(grader, { id, revision, rubric: { c1: 'strong', c2: 'excellent' } })).statusCode).toBe(400)
    const res = await grade(grader, { id, revision, rubric: { c1: 'fair', c2: 'good' }, feedback: 'Well argued', score: 100, passed: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().Item).toMatchObject({ status: 'graded', feedback: 'Well argued', grade: { points: 15, maxPoints: 20, score: 75, passed: true } })
    expect(res.json().certificate).not.toBeNull()
    // The learner sees the grade, and the notification links to the block.
    const mine = (await api.call(gina, 'GET', `${A}/mine/${course.uuid}/${essay}`)).json()
    expect(mine).toMatchObject({ canSubmit: false, refusal: 'ALREADY_GRADED', submission: { grade: { score: 75, rubric: { c1: 'fair', c2: 'good' } } } })
    const notes = (await api.call(gina, 'GET', '/api/v2/notifications')).json().items
    expect(notes.find((n: { kind: string }) => n.kind === 'assignment-graded')).toMatchObject({
      params: { assignment: 'Essay', score: 75 },
      link: `/galaxy/courses/player/${course.uuid}/${essay}`,
    })
    const cert = await api.call(gina, 'GET', `/api/v2/courses/certificates/${course.uuid}`)
    expect(cert.statusCode).toBe(200)
    // Graded work is final.
    expect((await submit(gina, { text: 'More', revision: res.json().Item.revision })).json().code).toBe('ALREADY_GRADED')
  })

  it('of two graders at once, one grades and the other gets 409', async () => {
    const tom = await learner('Tom Twice')
    const { id, revision } = (await submit(tom, { text: 'Grade me once' })).json()
    const [a, b] = await Promise.all([
      grade(grader, { id, revision, rubric: { c1: 'strong', c2: 'good' } }),
      grade(collaborator, { id, revision, rubric: { c1: 'weak', c2: 'none' } }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    expect((a.statusCode === 409 ? a : b).json().code).toBe('STALE_REVISION')
  })

  it('a failing grade does not complete the course', async () => {
    const fay = await learner('Fay Fail')
    const { id, revision } = (await submit(fay, { text: 'Thin' })).json()
    const res = await grade(owner, { id, revision, rubric: { c1: 'fair', c2: 'none' } })
    expect(res.json()).toMatchObject({ Item: { grade: { score: 25, passed: false } }, certificate: null })
    expect((await api.call(fay, 'GET', `/api/v2/courses/certificates/${course.uuid}`)).statusCode).toBe(404)
  })

  it('validates a plain score against the maximum', async () => {
    const pat = await learner('Pat Points')
    const { id, revision } = (await api.call(pat, 'POST', `${A}/submit`, { course: course.uuid, block: late, revision: 0, files: [], text: 'Words' })).json()
    expect((await grade(grader, { id, revision, points: 41 })).statusCode).toBe(400)
    expect((await grade(grader, { id, revision })).statusCode).toBe(400)
    const ok = await grade(ADMIN_CALLER, { id, revision, points: 30 })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().Item.grade).toMatchObject({ points: 30, maxPoints: 40, score: 75, passed: true })
  })

  it("never shows a submission to a reviewer, a learner, or staff of another course (ids don't cross courses)", async () => {
    const ivy = await learner('Ivy Idor', other)
    const path = await uploadFile(ivy, other.extra[0], undefined, other)
    const handed = await api.call(ivy, 'POST', `${A}/submit`, { course: other.uuid, block: other.extra[0], revision: 0, files: [{ path, name: 'essay.pdf' }] })
    expect(handed.statusCode, handed.body).toBe(200)
    const { id, revision } = handed.json()
    // The collaborator of the first course has no role in the other one.
    expect((await api.call(collaborator, 'GET', `${G}/submission/${id}`)).statusCode).toBe(404)
    expect((await grade(collaborator, { id, revision, rubric: { c1: 'strong', c2: 'good' } })).statusCode).toBe(404)
    expect((await api.call(reviewer, 'GET', `${G}/submission/${id}`)).statusCode).toBe(403)
    const lena = await learner('Lena Peek', other)
    expect((await api.call(lena, 'GET', `${G}/submission/${id}`)).statusCode).toBe(403)
    expect((await api.call(grader, 'GET', `${G}/submission/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404)
    // The grader of both courses may.
    expect((await api.call(grader, 'GET', `${G}/submission/${id}`)).statusCode).toBe(200)
  })
})

describe('the assignment block in the builder', () => {
  it('sanitises the instructions and lists what keeps it from being published', async () => {
    const draft = await getDraft(api, owner, course.uuid)
    const blocks = await api.call(owner, 'GET', `${V2}/builder/blocks/${course.uuid}`)
    expect(blocks.statusCode, blocks.body).toBe(200)
    const saved = blocks.json().items[0].blocks.find((b: { id: string }) => b.id === essay)
    expect(saved.values.instructions).not.toContain('script')
    const add = await api.call(owner, 'POST', `${V2}/blocks/add`, {
      uuid: course.uuid,
      revision: draft.revision,
      item: 'assignment',
      section: blocks.json().items[0].id,
      values: { title: 'Empty', grading: 'rubric', rubric: [] },
    })
    expect(add.statusCode, add.body).toBe(200)
    const check = await api.call(owner, 'GET', `${V2}/publish/validate/${course.uuid}`)
    const item = check.json().items.find((i: { key: string }) => i.key === 'blocks')
    expect(item.problems).toEqual(expect.arrayContaining([expect.objectContaining({ problem: 'assignmentNoInstructions' })]))
    const bad = await api.call(owner, 'PUT', `${V2}/blocks`, {
      uuid: course.uuid,
      revision: add.json().revision,
      item: add.json().item.id,
      values: { weight: 101 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty(['values.weight'])
  })

  it('is copied when the course is cloned', async () => {
    const cloned = await api.call(owner, 'POST', `${V2}/builder/clone`, { uuid: other.uuid })
    expect(cloned.statusCode, cloned.body).toBe(201)
    const tree = await api.call(owner, 'GET', `${V2}/builder/blocks/${cloned.json().uuid}`)
    const copy = tree.json().items[0].blocks.find((b: { kind: string }) => b.kind === 'assignment')
    expect(copy.values).toMatchObject({ title: 'Essay', grading: 'rubric', passMark: 60, maxFiles: 2, rubric: RUBRIC_ASSIGNMENT.rubric })
  })
})
