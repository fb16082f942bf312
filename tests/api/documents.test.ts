import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TERMS_DOCUMENT_ID } from '../../contracts/documents.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/documents/:id', () => {
  it('gives the published terms of use to anyone, under Item', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/documents/${TERMS_DOCUMENT_ID}` })
    expect(res.statusCode).toBe(200)
    const { Item } = res.json()
    expect(Item).toMatchObject({ Id: TERMS_DOCUMENT_ID, Revision: 1 })
    expect(Item.Name).toMatch(/Términos de uso/)
    expect(Item.Content).toContain('<h2>')
    expect(Date.parse(Item.published_at)).not.toBeNaN()
  })

  it("gives the reader's language where a translation exists, the default text elsewhere", async () => {
    await t.db.query(
      "INSERT INTO document_translations (document_id, locale, name, content) VALUES ($1, 'it', 'Termini di uso', '<p>Testo</p>')",
      [TERMS_DOCUMENT_ID],
    )
    const italian = (await t.app.inject({ method: 'GET', url: `/api/documents/${TERMS_DOCUMENT_ID}?locale=it` })).json().Item
    expect(italian).toMatchObject({ Name: 'Termini di uso', Content: '<p>Testo</p>', Locale: 'it', Revision: 1 })
    await t.db.query("INSERT INTO documents (id, name, content, published_at) VALUES ('house-rules', 'Reglamento', '<p>Reglas</p>', now())")
    const fallback = (await t.app.inject({ method: 'GET', url: '/api/documents/house-rules?locale=rs' })).json().Item
    expect(fallback).toMatchObject({ Name: 'Reglamento', Locale: 'mx' })
    const bad = await t.app.inject({ method: 'GET', url: `/api/documents/${TERMS_DOCUMENT_ID}?locale=xx` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('locale')
  })

  it('hides drafts and removed documents', async () => {
    await t.db.query("INSERT INTO documents (id, name, content) VALUES ('draft-notice', 'Draft', '<p>x</p>')")
    await t.db.query("INSERT INTO documents (id, name, content, published_at, deleted_at) VALUES ('old-notice', 'Old', '<p>x</p>', now(), now())")
    for (const id of ['draft-notice', 'old-notice', 'no-such-document']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/documents/${id}` })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Item not found', code: 'NOT_FOUND' })
    }
  })

  it('refuses a malformed key with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/documents/${encodeURIComponent("x'; DROP TABLE documents;--")}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toHaveProperty('id')
  })
})
