import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScormPackage } from '../../contracts/courses/content.js'
import type { ScormCommitAnswer, ScormLaunch, ScormState } from '../../contracts/learner/scorm.js'
import { testClock } from '../helpers/clock.js'
import { caller, courseApp, revisionOf, startCourse, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { L, publishCourse, subscribe, uploadBlockFile, type PublishedCourse } from '../helpers/learner.js'
import { scormManifest, scormPackage, type ScormVersionName } from '../helpers/scorm.js'

/**
 * SCORM blocks through the API: a package's manifest read when it is saved (version, title, SCOs, the
 * run-time bridge added to its pages), refusals that name what is wrong, and a learner's launches and
 * commits: resuming inside the package, a new attempt once one is over, replayed and stale commits,
 * the server's clock on session time, the block's rule, the certificate, and nobody else's data.
 */

const clock = testClock()
let api: CourseApi
let owner: Caller

beforeAll(async () => {
  api = await courseApp({}, { now: clock.now })
  owner = await api.user('Sara Scorm', ['creator'])
})
afterAll(() => api.close())

/** A stored file's text. */
async function text(key: string): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of (await api.app.storage.read(key)) as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status)
  return res.json() as T
}

/** A published course whose only section holds one SCORM block made from `zip`. */
async function scormCourse(name: string, zip: Buffer, values: Record<string, unknown> = {}): Promise<PublishedCourse> {
  return publishCourse(api, owner, {
    name,
    sections: [
      {
        title: 'Package',
        blocks: [
          async (uuid) => ({
            kind: 'scorm',
            values: {
              title: name,
              ...values,
              path: await uploadBlockFile(api, owner, uuid, 'scorm', { type: 'application/zip', name: 'pkg.zip', bytes: zip }),
            },
          }),
        ],
      },
    ],
  })
}

let n = 0
const learner = async (course: PublishedCourse) => {
  const who = caller(`scorm-${++n}-${process.pid}`, ['general'])
  await subscribe(api, who, course)
  return who
}
const blockOf = (course: PublishedCourse) => course.blocks[0][0]
const state = async (who: Caller, course: PublishedCourse) =>
  ok<{ Item: ScormState }>(await api.call(who, 'GET', `${L}/course/scorm/${course.uuid}/${blockOf(course)}`)).Item
const launch = async (who: Caller, course: PublishedCourse, sco = 'item_1') =>
  ok<{ Item: ScormLaunch }>(await api.call(who, 'POST', `${L}/course/scorm/${course.uuid}/${blockOf(course)}/launch`, { sco })).Item
const commit = (who: Caller, course: PublishedCourse, body: Record<string, unknown>) =>
  api.call(who, 'PUT', `${L}/course/scorm/${course.uuid}/${blockOf(course)}/commit`, body)
const from = (l: ScormLaunch, seq: number, cmi: Record<string, unknown>, finished = false) => ({
  sco: l.sco,
  attempt: l.attempt,
  session: l.session,
  seq,
  cmi,
  finished,
})

const passed12 = {
  core: { lesson_status: 'passed', score: { raw: '85', min: '', max: '100' }, exit: '', session_time: '00:03:00', lesson_location: '9' },
  suspend_data: '',
}
const saved12 = { core: { lesson_status: 'incomplete', exit: 'suspend', session_time: '00:02:00', lesson_location: '3' }, suspend_data: 'page=3;answers=ab' }

describe('saving a SCORM block', () => {
  let course: string
  let section: string
  beforeAll(async () => {
    const draft = await startCourse(api, owner, { name: 'Draft with packages' })
    course = draft.uuid
    const added = ok<{ item: { id: string } }>(
      await api.call(owner, 'POST', `${V2}/blocks/add`, { uuid: course, revision: draft.revision, item: 'section', values: { title: 'S' } }),
    )
    section = added.item.id
  })
  const revision = () => revisionOf(api, owner, course)
  const addScorm = async (zip: Buffer, values: Record<string, unknown> = {}) => {
    const path = await uploadBlockFile(api, owner, course, 'scorm', { type: 'application/zip', name: 'pkg.zip', bytes: zip })
    return api.call(owner, 'POST', `${V2}/blocks/add`, { uuid: course, revision: await revision(), item: 'scorm', section, values: { ...values, path } })
  }

  it.each(['1.2', '2004'] as ScormVersionName[])(
    'reads a SCORM %s manifest: version, title, SCOs in order, mastery score; adds the bridge to its pages',
    async (version) => {
      const res = ok<{ item: { values: { package: ScormPackage; path: string } } }>(
        await addScorm(scormPackage(version, { title: 'Safety', scos: ['Intro', 'Quiz'], mastery: version === '1.2' ? 80 : 0.8 }), {
          package: { version: '1.2', title: 'Forged', scos: [{ id: 'x', title: 'x', entry: 'courses/elsewhere/index.html' }] },
        }),
      )
      const pkg = res.item.values.package
      expect(pkg).toMatchObject({ version, title: 'Safety' })
      if (version === '2004') expect(pkg.edition).toBe('4th Edition')
      expect(pkg.scos.map((s) => [s.id, s.title, s.masteryScore])).toEqual([
        ['item_1', 'Intro', 80],
        ['item_2', 'Quiz', 80],
      ])
      const prefix = `${res.item.values.path}.d/`
      expect(pkg.scos[1].entry).toBe(`${prefix}sco2/index.html`)
      const html = await text(`${prefix}sco2/index.html`)
      expect(html).toContain('<head><script src="../aula-scorm-runtime/cross-frame-api.js"></script><script src="../aula-scorm-runtime/bridge.js"></script>')
      expect(await api.app.storage.head(`${prefix}aula-scorm-runtime/cross-frame-api.js`)).not.toBeNull()
      expect(await api.app.storage.head(`${prefix}shared/lesson.js`)).not.toBeNull()
    },
  )

  it.each([
    ['no manifest', scormPackage('1.2', { files: { 'imsmanifest.xml': null } }), /^The package has no imsmanifest\.xml at its top/],
    [
      'a SCO whose page is missing',
      scormPackage('2004', { files: { 'sco1/index.html': null } }),
      /^The SCO "Lesson one" starts at "sco1\/index\.html", which the package does not hold$/,
    ],
    [
      'a manifest with a document type',
      scormPackage('1.2', {
        manifest: `<?xml version="1.0"?><!DOCTYPE manifest [<!ENTITY x "y">]>${scormManifest('1.2', 'T', ['A']).replace(/^<\?xml[^>]*>/, '')}`,
      }),
      /declares a document type or entities/,
    ],
    [
      'no SCO',
      scormPackage('1.2', { manifest: scormManifest('1.2', 'T', ['A']).replace('adlcp:scormtype="sco"', 'adlcp:scormtype="asset"') }),
      /^The package has no SCO to launch/,
    ],
    [
      'a SCO page outside the package',
      scormPackage('1.2', { manifest: scormManifest('1.2', 'T', ['A']).replace('href="sco1/index.html"', 'href="../../etc/passwd"') }),
      /which the package does not hold$/,
    ],
    ['no version', scormPackage('1.2', { manifest: '<manifest identifier="m"><organizations/><resources/></manifest>' }), /does not say which SCORM version/],
  ])('refuses a package with %s (400 naming it; nothing saved)', async (_name, zip, message) => {
    const before = await revision()
    const res = await addScorm(zip)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors['values.path']).toMatch(message)
    expect(await revision()).toBe(before)
  })

  it('refuses a file that is not a zip', async () => {
    const res = await addScorm(Buffer.from('<html>not a package</html>'))
    expect(res.statusCode, res.body).toBe(400)
  })

  it("gives a clone the package's files of its own, its SCOs pointing at them", async () => {
    ok(await addScorm(scormPackage('1.2', { scos: ['One', 'Two'] })))
    const cloned = await api.call(owner, 'POST', `${V2}/builder/clone`, { uuid: course })
    expect(cloned.statusCode, cloned.body).toBe(201)
    const copy = (cloned.json() as { uuid: string }).uuid
    const tree = ok<{ items: Array<{ blocks: Array<{ kind: string; values: { path: string; package: ScormPackage } }> }> }>(
      await api.call(owner, 'GET', `${V2}/builder/blocks/${copy}`),
    )
    const blocks = tree.items.flatMap((s) => s.blocks).filter((b) => b.kind === 'scorm')
    expect(blocks.length).toBeGreaterThan(0)
    for (const b of blocks) {
      expect(b.values.path.startsWith(`courses/${copy}/`)).toBe(true)
      for (const sco of b.values.package.scos) {
        expect(sco.entry.startsWith(`${b.values.path}.d/`)).toBe(true)
        expect(await api.app.storage.head(sco.entry)).not.toBeNull()
      }
    }
  })

  it('keeps a saved package when the block is saved again with the same path, whatever the client sends', async () => {
    const added = ok<{ item: { id: string; values: { package: ScormPackage; path: string } } }>(await addScorm(scormPackage('1.2')))
    const res = ok<{ item: { values: { package: ScormPackage; completeWhen: string } } }>(
      await api.call(owner, 'PUT', `${V2}/blocks`, {
        uuid: course,
        revision: await revision(),
        item: added.item.id,
        values: { path: added.item.values.path, completeWhen: 'passed', package: { version: '2004', title: 'Forged', scos: [] } },
      }),
    )
    expect(res.item.values.package).toEqual(added.item.values.package)
    expect(res.item.values.completeWhen).toBe('passed')
  })
})

describe.each(['1.2', '2004'] as ScormVersionName[])('studying a SCORM %s package', (version) => {
  let course: PublishedCourse
  beforeAll(async () => {
    course = await scormCourse(`Package ${version}`, scormPackage(version))
  })
  const cmiPassed =
    version === '1.2' ? passed12 : { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.85' }, exit: 'normal', session_time: 'PT3M' }
  const cmiSaved =
    version === '1.2' ? saved12 : { completion_status: 'incomplete', exit: 'suspend', session_time: 'PT2M', location: '3', suspend_data: 'page=3;answers=ab' }

  it('resumes inside the package, takes a commit once, completes the block and issues the certificate', async () => {
    const who = await learner(course)
    expect((await state(who, course)).scos).toEqual([
      { id: 'item_1', title: 'Lesson one', completion: 'not attempted', success: 'unknown', score: null, done: false, attempt: 0 },
    ])
    const first = await launch(who, course)
    expect(first).toMatchObject({ sco: 'item_1', attempt: 1, version, entry: 'ab-initio' })
    expect(first.url).toMatch(/\/sco1\/index\.html$/)
    if (version === '1.2')
      expect(first.cmi).toMatchObject({ core: { student_id: who.sub, entry: 'ab-initio', credit: 'credit', lesson_status: 'not attempted' } })
    else expect(first.cmi).toMatchObject({ learner_id: who.sub, entry: 'ab-initio', credit: 'credit', mode: 'normal' })

    clock.advance(600)
    const saved = ok<ScormCommitAnswer>(await commit(who, course, from(first, 1, cmiSaved)))
    expect(saved.block.completed).toBe(false)
    expect(saved.sco).toMatchObject({ completion: 'incomplete', done: false, attempt: 1 })
    // The same commit again (a retry) changes nothing.
    ok(await commit(who, course, from(first, 1, cmiPassed)))
    expect((await state(who, course)).scos[0].completion).toBe('incomplete')

    const again = await launch(who, course)
    expect(again).toMatchObject({ attempt: 1, entry: 'resume' })
    expect(again.session).not.toBe(first.session)
    if (version === '1.2')
      expect(again.cmi).toMatchObject({ suspend_data: 'page=3;answers=ab', core: { lesson_location: '3', entry: 'resume', total_time: '0000:02:00' } })
    else expect(again.cmi).toMatchObject({ suspend_data: 'page=3;answers=ab', location: '3', entry: 'resume', total_time: 'PT0H2M0S' })

    // The first launch's session was replaced: its commits are refused.
    const stale = await commit(who, course, from(first, 2, cmiPassed))
    expect(stale.statusCode, stale.body).toBe(409)
    expect(stale.json().code).toBe('SESSION_REPLACED')

    clock.advance(600)
    const done = ok<ScormCommitAnswer>(await commit(who, course, from(again, 1, cmiPassed, true)))
    expect(done.block.completed).toBe(true)
    expect(done.sco).toMatchObject({ completion: 'completed', success: 'passed', score: 85, done: true })
    expect(done.progress).toMatchObject({ done: 1, total: 1, completed: true })
    expect(done.progress.certificate).not.toBeNull()

    // The attempt is over: the next launch starts a new one, and the block stays done.
    const third = await launch(who, course)
    expect(third).toMatchObject({ attempt: 2, entry: 'ab-initio' })
    expect(third.cmi.suspend_data ?? '').toBe('')
    if (version === '1.2') expect(third.cmi).toMatchObject({ core: { total_time: '0000:00:00' } })
    const st = await state(who, course)
    expect(st.scos[0]).toMatchObject({ attempt: 2, done: true })
  })

  it("counts a session's time by the server's clock, never more than the time since its launch", async () => {
    const who = await learner(course)
    const l = await launch(who, course)
    clock.advance(30)
    ok(
      await commit(
        who,
        course,
        from(
          l,
          1,
          version === '1.2'
            ? { core: { lesson_status: 'incomplete', session_time: '10:00:00', exit: 'suspend' } }
            : { completion_status: 'incomplete', exit: 'suspend', session_time: 'PT10H' },
        ),
      ),
    )
    const next = await launch(who, course)
    expect(version === '1.2' ? (next.cmi.core as Record<string, unknown>).total_time : next.cmi.total_time).toBe(version === '1.2' ? '0000:00:30' : 'PT0H0M30S')
  })

  it('refuses data outside the standard, naming the element, and changes nothing', async () => {
    const who = await learner(course)
    const l = await launch(who, course)
    const bad = version === '1.2' ? { core: { lesson_status: 'done' } } : { completion_status: 'done' }
    const res = await commit(who, course, from(l, 1, bad))
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors[version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.completion_status']).toMatch(/^Must be one of/)
    const time = await commit(who, course, from(l, 1, version === '1.2' ? { core: { session_time: 'an hour' } } : { session_time: '1h' }))
    expect(time.statusCode, time.body).toBe(400)
    expect((await state(who, course)).scos[0].completion).toBe('not attempted')
  })
})

describe('who may launch and commit', () => {
  let course: PublishedCourse
  beforeAll(async () => {
    course = await scormCourse('Guarded package', scormPackage('1.2', { scos: ['One', 'Two'] }), { completeWhen: 'passed' })
  })

  it('answers 403 to a learner without a subscription and 401 without sign-in', async () => {
    const stranger = caller(`scorm-stranger-${process.pid}`, ['general'])
    const res = await api.call(stranger, 'POST', `${L}/course/scorm/${course.uuid}/${blockOf(course)}/launch`, { sco: 'item_1' })
    expect(res.statusCode, res.body).toBe(403)
    const anonymous = await api.app.inject({ method: 'GET', url: `${L}/course/scorm/${course.uuid}/${blockOf(course)}` })
    expect(anonymous.statusCode).toBe(401)
  })

  it("never reaches another learner's attempt: their session is unknown to me (404)", async () => {
    const ana = await learner(course)
    const bob = await learner(course)
    const hers = await launch(ana, course)
    const res = await commit(bob, course, from(hers, 1, passed12))
    expect(res.statusCode, res.body).toBe(404)
    expect((await state(ana, course)).scos[0].completion).toBe('not attempted')
  })

  it('answers 404 for an unknown SCO and 400 for a block that is not a package', async () => {
    const who = await learner(course)
    const res = await api.call(who, 'POST', `${L}/course/scorm/${course.uuid}/${blockOf(course)}/launch`, { sco: 'nope' })
    expect(res.statusCode, res.body).toBe(404)
    const other = await publishCourse(api, owner, { name: 'Plain' })
    await subscribe(api, who, other)
    const plain = await api.call(who, 'GET', `${L}/course/scorm/${other.uuid}/${other.blocks[0][0]}`)
    expect(plain.statusCode, plain.body).toBe(400)
  })

  it('with the rule "passed", completes the block only once every SCO passed', async () => {
    const who = await learner(course)
    const one = await launch(who, course, 'item_1')
    const failed = ok<ScormCommitAnswer>(await commit(who, course, from(one, 1, { core: { lesson_status: 'failed', score: { raw: '40' } } })))
    expect(failed.sco).toMatchObject({ completion: 'completed', success: 'failed', done: false })
    const again = await launch(who, course, 'item_1')
    expect(again.attempt).toBe(2)
    ok(await commit(who, course, from(again, 1, passed12)))
    const two = await launch(who, course, 'item_2')
    const before = ok<ScormCommitAnswer>(await commit(who, course, from(two, 1, { core: { lesson_status: 'completed' } })))
    expect(before.block.completed).toBe(false)
    const after = ok<ScormCommitAnswer>(await commit(who, course, from(two, 2, passed12)))
    expect(after.block.completed).toBe(true)
  })
})
