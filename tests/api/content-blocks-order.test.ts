import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLABORATOR, contentApp, goodForm, OWNER, REVIEWER, text, V2, type ContentApi } from './content-setup.js'

let api: ContentApi
beforeAll(async () => {
  api = await contentApp()
})
afterAll(() => api.close())

describe('order and move', () => {
  it('reorders blocks of a section and the sections, keeping positions dense', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const ids = []
    for (const n of ['a', 'b', 'c', 'd']) ids.push(await api.block(c, s, 'text', text(`<p>${n}</p>`)))
    const [a, b, cc, d] = ids
    const order = (updates: Array<{ id: string; position: number }>, ofSection = true) =>
      api.revision(c).then((revision) => api.as(OWNER, 'POST', `${V2}/blocks/order`, { uuid: c, revision, ...(ofSection ? { section: s } : {}), updates }))

    // A full permutation is taken as given.
    expect(
      (
        await order([
          { id: d, position: 0 },
          { id: cc, position: 1 },
          { id: b, position: 2 },
          { id: a, position: 3 },
        ])
      ).statusCode,
    ).toBe(200)
    expect((await api.layout(c))[0].blocks).toEqual([d, cc, b, a])
    // One block dragged: the others keep their order around it.
    expect((await order([{ id: a, position: 1 }])).statusCode).toBe(200)
    expect((await api.layout(c))[0].blocks).toEqual([d, a, cc, b])
    // Past the end means last.
    const res = await order([{ id: d, position: 99 }])
    expect(res.json().items[0].blocks.map((x: { id: string }) => x.id)).toEqual([a, cc, b, d])
    // A block of another section, or listed twice, is refused.
    const t = await api.section(c, 'T')
    const foreign = await api.block(c, t, 'text', text('<p>t</p>'))
    expect((await order([{ id: foreign, position: 0 }])).statusCode).toBe(400)
    expect(
      (
        await order([
          { id: a, position: 0 },
          { id: a, position: 2 },
        ])
      ).statusCode,
    ).toBe(400)
    // Sections.
    expect((await order([{ id: t, position: 0 }], false)).statusCode).toBe(200)
    expect((await api.layout(c)).map((x) => x.id)).toEqual([t, s])
  })

  it('moves blocks between sections: to position 0, into an empty section, to the end, and within a section', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const t = await api.section(c, 'T')
    const empty = await api.section(c, 'Empty')
    const [a, b, cc] = [await api.block(c, s, 'text', text('a')), await api.block(c, s, 'text', text('b')), await api.block(c, s, 'text', text('c'))]
    const x = await api.block(c, t, 'text', text('x'))
    const move = (block: string, section: string, position?: number) =>
      api.revision(c).then((revision) => api.as(OWNER, 'PUT', `${V2}/blocks/move/section`, { uuid: c, revision, block, section, position }))

    expect((await move(b, t, 0)).statusCode).toBe(200)
    expect(await api.layout(c)).toEqual([
      { id: s, blocks: [a, cc] },
      { id: t, blocks: [b, x] },
      { id: empty, blocks: [] },
    ])
    expect((await move(a, empty)).statusCode).toBe(200)
    expect(await api.layout(c)).toEqual([
      { id: s, blocks: [cc] },
      { id: t, blocks: [b, x] },
      { id: empty, blocks: [a] },
    ])
    expect((await move(cc, t, 50)).statusCode).toBe(200)
    expect(await api.layout(c)).toEqual([
      { id: s, blocks: [] },
      { id: t, blocks: [b, x, cc] },
      { id: empty, blocks: [a] },
    ])
    expect((await move(cc, t, 0)).statusCode).toBe(200)
    expect(await api.layout(c)).toEqual([
      { id: s, blocks: [] },
      { id: t, blocks: [cc, b, x] },
      { id: empty, blocks: [a] },
    ])
    // A section is not a block, and a section of another course is not a target.
    expect((await move(s, t)).statusCode).toBe(404)
    const otherCourse = await api.course()
    const foreign = await api.section(otherCourse, 'F')
    expect((await move(a, foreign)).statusCode).toBe(404)
    // The moved block keeps its history and version.
    const section = await api.as(OWNER, 'GET', `${V2}/blocks/section/${c}/${empty}`)
    expect(section.json().Item.blocks[0]).toMatchObject({ id: a, section: empty, version: 1, position: 0 })
  })

  it('deletes a block and closes the gap; deleting a section takes its blocks, whose history stays readable', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const t = await api.section(c, 'T')
    const [a, b, cc] = [await api.block(c, s, 'text', text('a')), await api.block(c, s, 'text', text('b')), await api.block(c, s, 'text', text('c'))]
    const y = await api.block(c, t, 'text', text('y'))
    const del = (id: string) => api.revision(c).then((revision) => api.as(OWNER, 'POST', `${V2}/blocks/delete`, { uuid: c, revision, id }))
    expect((await del(b)).statusCode).toBe(200)
    expect(await api.layout(c)).toEqual([
      { id: s, blocks: [a, cc] },
      { id: t, blocks: [y] },
    ])
    const res = await del(s)
    expect(res.statusCode).toBe(200)
    expect(res.json().items.map((x: { id: string; position: number }) => [x.id, x.position])).toEqual([[t, 0]])
    expect((await del(a)).statusCode).toBe(404)
    expect((await api.as(OWNER, 'GET', `${V2}/blocks/section/${c}/${s}`)).statusCode).toBe(404)
    const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM course_items WHERE course_uuid = $1 AND deleted_at IS NOT NULL', [c])
    expect(rows[0].n).toBe(4)
    const history = await api.as(OWNER, 'GET', `${V2}/blocks/history/${c}/${a}`)
    expect(history.json().items).toHaveLength(1)
  })
})

describe('history and restore', () => {
  it('restores an old version as a new current version, keeping every version', async () => {
    const c = await api.course()
    const s = await api.section(c, 'S')
    const b = await api.block(c, s, 'form', goodForm())
    const save = async (values: unknown) => {
      const res = await api.as(OWNER, 'PUT', `${V2}/blocks`, { uuid: c, revision: await api.revision(c), item: b, values })
      expect(res.statusCode).toBe(200)
    }
    await save({ ...goodForm(), name: 'Second' })
    await save({ ...goodForm(), name: 'Third' })
    const restore = await api.as(COLLABORATOR, 'POST', `${V2}/blocks/restore`, { uuid: c, revision: await api.revision(c), block: b, version: 1 })
    expect(restore.statusCode).toBe(200)
    expect(restore.json().item).toMatchObject({ id: b, version: 4, values: goodForm(), updatedBy: 'collab-bo' })
    const tree = await api.as(OWNER, 'GET', `${V2}/builder/blocks/${c}`)
    expect(tree.json().items[0].blocks[0]).toMatchObject({ version: 4, values: { name: 'Check yourself' } })
    const history = await api.as(OWNER, 'GET', `${V2}/blocks/history/${c}/${b}`)
    expect(history.json().items.map((v: { version: number; values: { name: string }; current: boolean }) => [v.version, v.values.name, v.current])).toEqual([
      [4, 'Check yourself', true],
      [3, 'Third', false],
      [2, 'Second', false],
      [1, 'Check yourself', false],
    ])
    const missing = await api.as(OWNER, 'POST', `${V2}/blocks/restore`, { uuid: c, revision: await api.revision(c), block: b, version: 9 })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Version not found')
    const reviewer = await api.as(REVIEWER, 'POST', `${V2}/blocks/restore`, { uuid: c, revision: await api.revision(c), block: b, version: 2 })
    expect(reviewer.statusCode).toBe(403)
  })
})
