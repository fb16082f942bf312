import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { courseApp, courseCast, revisionOf, V2, type CourseApi, type CourseCast } from '../helpers/courses.js'

/**
 * The builder side of the richer forms (decision 0035): question types checked at save, question banks
 * in the draft with the course's revision, the checklist on draws, banks frozen at publication and
 * copied by a clone.
 */

let api: CourseApi
let cast: CourseCast

beforeAll(async () => {
  api = await courseApp()
  cast = await courseCast(api)
})
afterAll(() => api.close())

const SHORT = { id: 's1', type: 'short', text: 'Capital of France?', accepted: ['Paris'] }
const NUMERIC = { id: 'n1', type: 'numeric', text: 'Two plus two', answer: 4, tolerance: 0 }

const addBank = async (uuid: string, body: Record<string, unknown>, as = cast.owner) =>
  api.call(as, 'POST', `${V2}/banks/add`, { uuid, revision: await revisionOf(api, cast.owner, uuid), ...body })

describe('question banks in the draft', () => {
  it('adds, reads, updates and deletes a bank, each write moving the course revision on; a stale one is 409', async () => {
    const { uuid } = cast.course
    const before = await revisionOf(api, cast.owner, uuid)
    const added = await addBank(uuid, { name: '  Capitals ', questions: [SHORT, NUMERIC] })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().revision).toBe(before + 1)
    const bank = added.json().bank
    expect(bank).toMatchObject({ name: 'Capitals', questions: [SHORT, NUMERIC] })

    const stale = await api.call(cast.owner, 'PUT', `${V2}/banks`, { uuid, revision: before, bank: bank.id, name: 'X', questions: [] })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'STALE_REVISION', revision: before + 1 })

    const updated = await api.call(cast.collaborator, 'PUT', `${V2}/banks`, {
      uuid,
      revision: before + 1,
      bank: bank.id,
      name: 'Capitals 2',
      questions: [SHORT],
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().bank.questions).toEqual([SHORT])

    const read = await api.call(cast.owner, 'GET', `${V2}/builder/banks/${uuid}`)
    expect(read.json()).toMatchObject({ revision: before + 2, items: [{ id: bank.id, name: 'Capitals 2' }] })
    // Reviewers read the bank without what makes its questions right.
    const reviewed = await api.call(cast.reviewer, 'GET', `${V2}/builder/banks/${uuid}`)
    expect(reviewed.statusCode, reviewed.body).toBe(200)
    expect(reviewed.json().items[0].questions[0]).toEqual({ id: 's1', type: 'short', text: 'Capital of France?' })
    expect((await addBank(uuid, { name: 'Nope', questions: [] }, cast.reviewer)).statusCode).toBe(403)
    expect((await api.call(cast.learner, 'GET', `${V2}/builder/banks/${uuid}`)).statusCode).toBe(403)

    const deleted = await api.call(cast.owner, 'POST', `${V2}/banks/delete`, { uuid, revision: before + 2, id: bank.id })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await api.call(cast.owner, 'GET', `${V2}/builder/banks/${uuid}`)).json().items).toEqual([])
  })

  it('checks questions by type at save, with a field error naming the question', async () => {
    const { uuid } = cast.course
    const res = await addBank(uuid, { name: 'Bad', questions: [SHORT, { id: 'm', type: 'matching', text: 'x', pairs: 'no' }, { id: 'z', type: 'poem' }] })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['questions.1.pairs', 'questions.2.type']))
    const twice = await addBank(uuid, { name: 'Twice', questions: [SHORT, SHORT] })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().errors).toHaveProperty('questions.1.id')
    const essay = await addBank(uuid, { name: 'Essay', questions: [{ id: 'e', type: 'essay', text: 'Why?', maxPoints: 0 }] })
    expect(essay.statusCode).toBe(400)
  })

  it('a replayed add with the same client id answers what it made', async () => {
    const { uuid } = cast.course
    const id = '0b7f5c1e-3a35-4f49-8a6c-3e1f6a7b9c01'
    const first = await addBank(uuid, { id, name: 'Once', questions: [] })
    expect(first.statusCode, first.body).toBe(200)
    const again = await api.call(cast.owner, 'POST', `${V2}/banks/add`, { uuid, revision: 1, id, name: 'Once', questions: [] })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().bank.id).toBe(id)
    expect((await api.call(cast.owner, 'GET', `${V2}/builder/banks/${uuid}`)).json().items.filter((b: { id: string }) => b.id === id)).toHaveLength(1)
  })
})

describe('forms with the new types and draws in the checklist', () => {
  it('saves every type, refuses a draw of an unknown bank or of more than a bank has; a clone keeps the banks', async () => {
    const { uuid } = cast.course
    const bank = (await addBank(uuid, { name: 'Pool', questions: [SHORT, NUMERIC] })).json().bank.id as string
    const section = await api.call(cast.owner, 'POST', `${V2}/blocks/add`, {
      uuid,
      revision: await revisionOf(api, cast.owner, uuid),
      item: 'section',
      values: { title: 'One' },
    })
    const values = {
      name: 'Exam',
      tries: 1,
      requiredScore: 50,
      questions: [
        {
          id: 'm',
          type: 'matching',
          text: 'Match',
          pairs: [
            { id: 'a', left: 'A', right: '1' },
            { id: 'b', left: 'B', right: '2' },
          ],
        },
        {
          id: 'o',
          type: 'ordering',
          text: 'Order',
          items: [
            { id: 'x', text: 'x' },
            { id: 'y', text: 'y' },
          ],
        },
        { id: 'e', type: 'essay', text: 'Explain', maxPoints: 5 },
      ],
      draws: [{ bank, count: 3 }],
      timeLimitMinutes: 10,
      weight: 2,
    }
    const form = await api.call(cast.owner, 'POST', `${V2}/blocks/add`, {
      uuid,
      revision: section.json().revision,
      item: 'form',
      section: section.json().item.id,
      values,
    })
    expect(form.statusCode, form.body).toBe(200)
    expect(form.json().item.values).toMatchObject(values)
    const problems = async () =>
      (await api.call(cast.owner, 'GET', `${V2}/publish/validate/${uuid}`)).json().items.find((i: { key: string }) => i.key === 'forms').problems
    expect(await problems()).toEqual([expect.objectContaining({ problem: 'drawTooMany', bank, available: 2 })])

    const unknown = '11111111-2222-4333-8444-555555555555'
    const save = await api.call(cast.owner, 'PUT', `${V2}/blocks`, {
      uuid,
      revision: await revisionOf(api, cast.owner, uuid),
      item: form.json().item.id,
      values: { ...values, draws: [{ bank: unknown, count: 1 }] },
    })
    expect(save.statusCode, save.body).toBe(200)
    expect(await problems()).toEqual([expect.objectContaining({ problem: 'drawUnknownBank', bank: unknown })])

    const ok = await api.call(cast.owner, 'PUT', `${V2}/blocks`, {
      uuid,
      revision: await revisionOf(api, cast.owner, uuid),
      item: form.json().item.id,
      values: { ...values, draws: [{ bank, count: 2 }] },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await problems()).toBeUndefined()

    // A clone keeps the banks with their ids, so its form still draws from its own bank.
    const cloned = await api.call(cast.owner, 'POST', `${V2}/builder/clone`, { uuid })
    expect(cloned.statusCode, cloned.body).toBe(201)
    const copied = await api.call(cast.owner, 'GET', `${V2}/builder/banks/${cloned.json().uuid}`)
    expect(copied.json().items.map((b: { id: string }) => b.id)).toContain(bank)
  })

  it('keeps what makes a question right away from reviewers in the content too', async () => {
    const { uuid } = cast.course
    const tree = await api.call(cast.reviewer, 'GET', `${V2}/builder/blocks/${uuid}`)
    expect(tree.statusCode, tree.body).toBe(200)
    const text = tree.body
    expect(text).not.toContain('"pairs"')
    expect(text).not.toContain('"correct"')
  })
})
