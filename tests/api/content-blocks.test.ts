import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_USER, as, COLLABORATOR, contentApp, goodForm, LEARNER, OTHER_CREATOR, OWNER, REVIEWER, text, V2, type ContentApi } from './content-setup.js'

let api: ContentApi
beforeAll(async () => {
  api = await contentApp()
})
afterAll(() => api.close())

describe('course content: who may do what', () => {
  it('lets owner, collaborator and admin edit; the reviewer reads only; another creator and a learner get nothing', async () => {
    const c = await api.course()
    const s = await api.section(c, 'Intro')
    const b = await api.block(c, s, 'form', goodForm())

    for (const [who, headers] of [
      ['owner', OWNER],
      ['collaborator', COLLABORATOR],
      ['admin', ADMIN_USER],
    ] as const) {
      const add = await api.as(headers, 'POST', `${V2}/blocks/add`, {
        uuid: c,
        revision: await api.revision(c),
        item: 'text',
        section: s,
        values: text(`<p>by ${who}</p>`),
      })
      expect(add.statusCode, who).toBe(200)
      const tree = await api.as(headers, 'GET', `${V2}/builder/blocks/${c}`)
      expect(tree.statusCode).toBe(200)
      // Editors see the form's correct answers.
      expect(tree.json().items[0].blocks[0].values.questions[0].options[0].correct).toBe(true)
    }

    const reviewerTree = await api.as(REVIEWER, 'GET', `${V2}/builder/blocks/${c}`)
    expect(reviewerTree.statusCode).toBe(200)
    expect(reviewerTree.json().items[0].blocks).toHaveLength(4)
    expect(reviewerTree.json().items[0].blocks[0].values.questions[0].options[0]).not.toHaveProperty('correct')
    const reviewerEdit = await api.as(REVIEWER, 'PUT', `${V2}/blocks`, { uuid: c, revision: await api.revision(c), item: b, values: goodForm() })
    expect(reviewerEdit.statusCode).toBe(403)
    expect(reviewerEdit.json()).toEqual({ message: "You can't manage this section of the course", code: 'CANNOT_MANAGE' })

    const revision = await api.revision(c)
    for (const [method, url, body] of [
      ['GET', `${V2}/builder/blocks/${c}`, undefined],
      ['GET', `${V2}/blocks/section/${c}/${s}`, undefined],
      ['GET', `${V2}/blocks/history/${c}/${b}`, undefined],
      ['POST', `${V2}/blocks/add`, { uuid: c, revision, item: 'section', values: { title: 'x' } }],
      ['PUT', `${V2}/blocks`, { uuid: c, revision, item: b, values: goodForm() }],
      ['POST', `${V2}/blocks/delete`, { uuid: c, revision, id: b }],
      ['POST', `${V2}/blocks/order`, { uuid: c, revision, section: s, updates: [{ id: b, position: 1 }] }],
    ] as const) {
      const other = await api.as(OTHER_CREATOR, method, url, body)
      expect(other.statusCode, `${method} ${url} as another creator`).toBe(404)
      expect(other.json()).toEqual({ message: 'Not authorized!', code: 'NOT_AUTHORIZED' })
      const learner = await api.as(LEARNER, method, url, body)
      expect(learner.statusCode, `${method} ${url} as a learner`).toBe(403)
    }
    expect(await api.revision(c)).toBe(revision)
    expect((await api.layout(c))[0].blocks).toHaveLength(4)
  })

  it('answers 404 Not authorized! for an unknown course', async () => {
    const res = await api.as(OWNER, 'GET', `${V2}/builder/blocks/${randomUUID()}`)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Not authorized!')
  })
})

describe('adding and editing', () => {
  it('appends sections and blocks, answers the new revision, and keeps a version per save', async () => {
    const c = await api.course()
    const r0 = await api.revision(c)
    const add = await api.as(OWNER, 'POST', `${V2}/blocks/add`, { uuid: c, revision: r0, item: 'section', values: { title: '  Week 1 ' } })
    expect(add.statusCode).toBe(200)
    expect(add.json().revision).toBe(r0 + 1)
    const section = add.json().item
    expect(section).toMatchObject({ kind: 'section', title: 'Week 1', position: 0, version: 1, blocks: [], updatedBy: 'owner-ana' })

    const t = await api.as(OWNER, 'POST', `${V2}/blocks/add`, { uuid: c, revision: r0 + 1, item: 'text', section: section.id, values: text('<p>Hello</p>') })
    expect(t.json().item).toMatchObject({ kind: 'text', section: section.id, position: 0, version: 1, values: { html: '<p>Hello</p>' } })
    const id = t.json().item.id

    const save = await api.as(COLLABORATOR, 'PUT', `${V2}/blocks`, {
      uuid: c,
      revision: r0 + 2,
      item: id,
      values: { html: '<p>Hi <script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">there</a></p>', title: 'Greeting' },
    })
    expect(save.statusCode).toBe(200)
    expect(save.json().revision).toBe(r0 + 3)
    expect(save.json().item.version).toBe(2)
    expect(save.json().item.updatedBy).toBe('collab-bo')
    // Sanitised on the server: no script, no handler, no javascript: URL.
    expect(save.json().item.values).toEqual({ html: '<p>Hi <a>there</a></p>', title: 'Greeting' })

    const history = await api.as(REVIEWER, 'GET', `${V2}/blocks/history/${c}/${id}`)
    expect(history.statusCode).toBe(200)
    expect(history.json().items.map((v: { version: number; savedBy: string; current: boolean }) => [v.version, v.savedBy, v.current])).toEqual([
      [2, 'collab-bo', true],
      [1, 'owner-ana', false],
    ])
  })

  it('names the editors in the history as people (given and family name, else e-mail), not by account', async () => {
    const created = async (email: string, attributes: Record<string, string>) => {
      const res = await api.call('POST', '/api/admin/users/create', { email, name: attributes.name ?? email })
      expect(res.statusCode, res.body).toBe(201)
      const username = res.json().Item.username as string
      if (attributes.given_name) await api.app.identityUsers.updateAttributes(username, attributes)
      return username
    }
    const named = await created('bea.history@content.example.test', { given_name: 'Beatriz', family_name: 'Ortega' })
    const unnamed = await created('no.name@content.example.test', {})
    // The second account has no name at all: only its e-mail can name it.
    await api.db.query(`DELETE FROM identity_user_attributes WHERE username = $1 AND name = 'name'`, [unnamed])
    const c = await api.course()
    for (const sub of [named, unnamed])
      await api.db.query('INSERT INTO course_collaborators (course_uuid, user_sub, username, added_by) VALUES ($1, $2, $2, $3)', [c, sub, 'owner-ana'])
    const s = await api.section(c, 'People')
    const id = await api.block(c, s, 'text', text('<p>1</p>'))
    for (const [who, html] of [
      [named, '<p>2</p>'],
      [unnamed, '<p>3</p>'],
    ]) {
      const save = await api.as(as(who, 'creator'), 'PUT', `${V2}/blocks`, { uuid: c, revision: await api.revision(c), item: id, values: text(html) })
      expect(save.statusCode, save.body).toBe(200)
    }
    const history = await api.as(OWNER, 'GET', `${V2}/blocks/history/${c}/${id}`)
    expect(history.statusCode).toBe(200)
    const names = history.json().items.map((v: { version: number; savedBy: string; savedByName: string | null }) => [v.version, v.savedBy, v.savedByName])
    expect(names).toEqual([
      [3, unnamed, 'no.name@content.example.test'],
      [2, named, 'Beatriz Ortega'],
      // owner-ana is no account of the pool: nothing to name it by.
      [1, 'owner-ana', null],
    ])
  })

  it('replays an add with the same client id without adding twice, even at an old revision', async () => {
    const c = await api.course()
    const id = randomUUID()
    const r = await api.revision(c)
    const first = await api.as(OWNER, 'POST', `${V2}/blocks/add`, { uuid: c, revision: r, id, item: 'section', values: { title: 'Once' } })
    expect(first.statusCode).toBe(200)
    expect(first.json().item.id).toBe(id)
    const again = await api.as(OWNER, 'POST', `${V2}/blocks/add`, { uuid: c, revision: r, id, item: 'section', values: { title: 'Once' } })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ revision: r + 1, item: first.json().item })
    expect(await api.layout(c)).toHaveLength(1)
    // A block added, then moved by later writes, is still recognised when its add is replayed.
    const s2 = await api.section(c, 'Twice')
    const blockId = randomUUID()
    const addBlock = { uuid: c, revision: await api.revision(c), id: blockId, item: 'text', section: id, values: text('<p>b</p>') }
    expect((await api.as(OWNER, 'POST', `${V2}/blocks/add`, addBlock)).statusCode).toBe(200)
    expect(
      (await api.as(OWNER, 'PUT', `${V2}/blocks/move/section`, { uuid: c, revision: await api.revision(c), block: blockId, section: s2 })).statusCode,
    ).toBe(200)
    const replay = await api.as(OWNER, 'POST', `${V2}/blocks/add`, addBlock)
    expect(replay.statusCode).toBe(200)
    expect(replay.json().item).toMatchObject({ id: blockId, section: s2 })
    expect(await api.layout(c)).toEqual([
      { id, blocks: [] },
      { id: s2, blocks: [blockId] },
    ])
    // A deleted item is not brought back by a replay.
    expect((await api.as(OWNER, 'POST', `${V2}/blocks/delete`, { uuid: c, revision: await api.revision(c), id: blockId })).statusCode).toBe(200)
    expect((await api.as(OWNER, 'POST', `${V2}/blocks/add`, addBlock)).json().code).toBe('ID_TAKEN')
  })

  it("answers an add carrying another course's item id exactly as one with an id never used", async () => {
    // Course A (owner-ana's) has a section and a block; another creator adds to a course of their own.
    const a = await api.course()
    const sectionA = await api.section(a, 'Secret section')
    const blockA = await api.block(a, sectionA, 'text', text('<p>secret</p>'))
    const { rows } = await api.db.query<{ uuid: string }>('INSERT INTO courses (name, created_by) VALUES ($1, $2) RETURNING uuid', ['Probe', 'other-di'])
    const b = rows[0].uuid
    const add = async (body: Record<string, unknown>) => {
      const revision = Number((await api.db.query<{ revision: number }>('SELECT revision FROM courses WHERE uuid = $1', [b])).rows[0].revision)
      return api.as(OTHER_CREATOR, 'POST', `${V2}/blocks/add`, { uuid: b, revision, ...body })
    }
    const shape = (res: { statusCode: number; json(): { revision?: number; item?: Record<string, unknown> } }, id: string) => {
      const { item } = res.json()
      return [res.statusCode, item?.id === id, item?.kind, item?.position, item?.version, item?.values]
    }
    const unknownSection = randomUUID()
    const unknownBlock = randomUUID()
    const foreign = await add({ item: 'section', id: sectionA, values: { title: 'Mine' } })
    const fresh = await add({ item: 'section', id: unknownSection, values: { title: 'Mine' } })
    expect(shape(foreign, sectionA)).toEqual([200, true, 'section', 0, 1, { title: 'Mine' }])
    expect(shape(fresh, unknownSection)).toEqual([200, true, 'section', 1, 1, { title: 'Mine' }])
    const foreignBlock = await add({ item: 'text', section: sectionA, id: blockA, values: text('<p>mine</p>') })
    const freshBlock = await add({ item: 'text', section: unknownSection, id: unknownBlock, values: text('<p>mine</p>') })
    expect(shape(foreignBlock, blockA)).toEqual(shape(freshBlock, unknownBlock))
    // Both courses keep their own items under the same ids; A's are untouched.
    expect(await api.layout(a)).toEqual([{ id: sectionA, blocks: [blockA] }])
    const treeB = (await api.as(OTHER_CREATOR, 'GET', `${V2}/builder/blocks/${b}`)).json().items as Array<{ id: string; blocks: Array<{ id: string }> }>
    expect(treeB.map((s) => ({ id: s.id, blocks: s.blocks.map((x) => x.id) }))).toEqual([
      { id: sectionA, blocks: [blockA] },
      { id: unknownSection, blocks: [unknownBlock] },
    ])
    const history = await api.as(OWNER, 'GET', `${V2}/blocks/history/${a}/${blockA}`)
    expect(history.json().items.map((v: { values: unknown }) => v.values)).toEqual([text('<p>secret</p>')])
    // A replay in B answers B's item; deleting B's section leaves A's alone.
    expect(shape(await add({ item: 'section', id: sectionA, values: { title: 'Mine' } }), sectionA)).toEqual([200, true, 'section', 0, 1, { title: 'Mine' }])
    const revision = Number((await api.db.query<{ revision: number }>('SELECT revision FROM courses WHERE uuid = $1', [b])).rows[0].revision)
    expect((await api.as(OTHER_CREATOR, 'POST', `${V2}/blocks/delete`, { uuid: b, revision, id: sectionA })).statusCode).toBe(200)
    expect(await api.layout(a)).toEqual([{ id: sectionA, blocks: [blockA] }])
  })

  it('validates values by kind with named fields', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const add = (item: string, values: unknown, inSection = true) =>
      api.revision(c).then((revision) => api.as(OWNER, 'POST', `${V2}/blocks/add`, { uuid: c, revision, item, ...(inSection ? { section: s } : {}), values }))

    const cases: Array<[string, unknown, Record<string, string>]> = [
      ['link', { url: 'javascript:alert(1)' }, { 'values.url': 'Use an address starting with http:// or https://' }],
      ['link', { url: 'ftp://example.com/file' }, { 'values.url': 'Use an address starting with http:// or https://' }],
      ['text', {}, { 'values.html': 'Required' }],
      ['form', { ...goodForm(), tries: 0 }, { 'values.tries': 'Must be between 1 and 20' }],
      ['form', { ...goodForm(), requiredScore: 101 }, { 'values.requiredScore': 'Must be between 0 and 100' }],
      [
        'form',
        { ...goodForm(), questions: [{ id: 'q', type: 'poem', text: 'x', options: [] }] },
        { 'values.questions.0.type': 'Not one of the accepted values' },
      ],
      ['attachment', { size: -1, required: 'yes' }, { 'values.size': 'Must be at least 0', 'values.required': 'Must be boolean' }],
      ['image', { path: '/etc/passwd' }, { 'values.path': 'Upload the file first: this is not a file of this course' }],
      [
        'video',
        { url: 'https://video.example/v', path: `courses/${c}/block-video/0123456789abcdef-v.mp4` },
        { 'values.url': 'Give either an address or an uploaded file, not both' },
      ],
    ]
    for (const [kind, values, errors] of cases) {
      const res = await add(kind, values)
      expect(res.statusCode, `${kind} ${JSON.stringify(values)}`).toBe(400)
      expect(res.json().errors).toMatchObject(errors)
    }
    const dupes = await add('form', { ...goodForm(), questions: [goodForm().questions[0], goodForm().questions[0]] })
    expect(dupes.json().errors).toEqual({ 'values.questions.1.id': 'Another question has this id' })
    const blockWithoutSection = await add('text', text('x'), false)
    expect(blockWithoutSection.json().errors).toEqual({ section: 'Required' })
    const sectionInSection = await api.as(OWNER, 'POST', `${V2}/blocks/add`, {
      uuid: c,
      revision: await api.revision(c),
      item: 'section',
      section: s,
      values: { title: 'x' },
    })
    expect(sectionInSection.statusCode).toBe(400)
    const emptyTitle = await api.as(OWNER, 'POST', `${V2}/blocks/add`, { uuid: c, revision: await api.revision(c), item: 'section', values: { title: '   ' } })
    expect(emptyTitle.json().errors).toEqual({ 'values.title': 'Required' })
    // Nothing of that was added, and unknown fields are dropped.
    expect((await api.layout(c))[0].blocks).toHaveLength(0)
    const ok = await add('link', { url: 'https://example.com/a', title: 'Read', extra: 'dropped' })
    expect(ok.json().item.values).toEqual({ url: 'https://example.com/a', title: 'Read' })
  })
})

describe('stale revisions', () => {
  it('answers 409 with the current revision and changes nothing, on every write', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const t = await api.section(c, 'T')
    const b = await api.block(c, s, 'text', text('<p>Keep me</p>'))
    const current = await api.revision(c)
    const stale = current - 1
    const before = await api.as(OWNER, 'GET', `${V2}/builder/blocks/${c}`)
    for (const [method, url, body] of [
      ['POST', `${V2}/blocks/add`, { uuid: c, revision: stale, item: 'section', values: { title: 'New' } }],
      ['PUT', `${V2}/blocks`, { uuid: c, revision: stale, item: b, values: text('<p>Changed</p>') }],
      ['POST', `${V2}/blocks/delete`, { uuid: c, revision: stale, id: s }],
      ['POST', `${V2}/blocks/order`, { uuid: c, revision: stale, updates: [{ id: t, position: 0 }] }],
      ['PUT', `${V2}/blocks/move/section`, { uuid: c, revision: stale, block: b, section: t }],
      ['POST', `${V2}/blocks/restore`, { uuid: c, revision: stale, block: b, version: 1 }],
    ] as const) {
      const res = await api.as(OWNER, method, url, body)
      expect(res.statusCode, `${method} ${url}`).toBe(409)
      expect(res.json()).toEqual({ message: 'This course was changed elsewhere', code: 'STALE_REVISION', revision: current })
    }
    expect(await api.revision(c)).toBe(current)
    expect((await api.as(OWNER, 'GET', `${V2}/builder/blocks/${c}`)).json()).toEqual(before.json())
    const history = await api.as(OWNER, 'GET', `${V2}/blocks/history/${c}/${b}`)
    expect(history.json().items).toHaveLength(1)
  })
})

describe('concurrent writes', () => {
  it('lets exactly one of two writes from the same revision through', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const r = await api.revision(c)
    const [x, y] = await Promise.all(
      ['x', 'y'].map((n) =>
        api.as(n === 'x' ? OWNER : COLLABORATOR, 'POST', `${V2}/blocks/add`, { uuid: c, revision: r, item: 'text', section: s, values: text(n) }),
      ),
    )
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409])
    expect(await api.revision(c)).toBe(r + 1)
    expect((await api.layout(c))[0].blocks).toHaveLength(1)
  })
})
