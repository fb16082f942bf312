import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminApp, expectAdminOnly, type AdminApi } from './admin-helpers.js'

let api: AdminApi
beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

type Doc = { revision: number; outdated: string[]; translations: Array<{ locale: string; name: string; content: string }> }
const tr = (locale: string, name: string) => ({ locale, name, content: `<p>${name}</p>` })

async function create(id: string): Promise<Doc> {
  const res = await api.call('POST', '/api/v2/admin/documents/create', {
    id,
    name: 'Reglamento',
    content: '<p>Reglas</p>',
    translations: [tr('eng', 'Rules'), tr('it', 'Regole')],
  })
  expect(res.statusCode).toBe(201)
  return res.json().Item
}

const update = async (id: string, doc: Doc, changes: { name?: string; translations?: Doc['translations'] }) => {
  const res = await api.call('PUT', `/api/v2/admin/documents/update/${id}`, {
    name: changes.name ?? 'Reglamento',
    content: '<p>Reglas</p>',
    translations: changes.translations ?? doc.translations,
    revision: doc.revision,
  })
  expect(res.statusCode).toBe(200)
  return res.json().Item as Doc
}

describe('documents: outdated languages (server-owned)', () => {
  it('marks the other languages outdated when one changes, until each is edited or marked up to date', async () => {
    const created = await create('outdated-rules')
    expect(created.outdated).toEqual([])

    // Editing the default text makes both translations outdated; saving them unchanged does not clear that.
    const edited = await update('outdated-rules', created, { name: 'Reglamento nuevo' })
    expect(edited.outdated.sort()).toEqual(['eng', 'it'])
    const resaved = await update('outdated-rules', edited, { name: 'Reglamento nuevo' })
    expect(resaved.outdated.sort()).toEqual(['eng', 'it'])

    // Editing English brings it up to date, and makes nothing else outdated that was current.
    const english = await update('outdated-rules', resaved, { name: 'Reglamento nuevo', translations: [tr('eng', 'New rules'), tr('it', 'Regole')] })
    expect(english.outdated.sort()).toEqual(['it', 'mx'])

    // An editor confirms the others are still current.
    const mark = (locale: string, revision: number) => api.call('POST', '/api/v2/admin/documents/mark-up-to-date', { id: 'outdated-rules', locale, revision })
    const italian = await mark('it', english.revision)
    expect(italian.statusCode).toBe(200)
    expect(italian.json().Item.outdated).toEqual(['mx'])
    const spanish = await mark('mx', english.revision)
    expect(spanish.json().Item.outdated).toEqual([])

    // What the list shows is the same server state.
    const list = await api.call('GET', '/api/v2/admin/documents/all/1/outdated-rules')
    expect(list.json().items[0].outdated).toEqual([])

    const audit = await api.call('GET', '/api/v2/admin/audit/all?action=documents.mark-up-to-date')
    expect(audit.json().items).toHaveLength(2)
  })

  it('answers 409 for a stale revision, 404 for a language without text, and 400 for an unknown language', async () => {
    const doc = await create('outdated-refusals')
    const mark = (body: object) => api.call('POST', '/api/v2/admin/documents/mark-up-to-date', { id: 'outdated-refusals', ...body })
    expect((await mark({ locale: 'it', revision: doc.revision + 1 })).statusCode).toBe(409)
    expect((await mark({ locale: 'gr', revision: doc.revision })).statusCode).toBe(404)
    expect((await mark({ locale: 'xx', revision: doc.revision })).statusCode).toBe(400)
    expect((await api.call('POST', '/api/v2/admin/documents/mark-up-to-date', { id: 'no-such-doc', locale: 'mx', revision: 1 })).statusCode).toBe(404)
  })

  it('is for administrators only', async () => {
    await expectAdminOnly(api, [['POST', '/api/v2/admin/documents/mark-up-to-date', { id: 'outdated-rules', locale: 'mx', revision: 1 }]])
  })
})
