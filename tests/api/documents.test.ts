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
    await t.db.query("INSERT INTO documents (id, name, content, published_at) VALUES ('house-rules', 'Reglamento', '<p>Reglas</p>', now())")
    await t.db.query("INSERT INTO document_translations (document_id, locale, name, content) VALUES ('house-rules', 'it', 'Regolamento', '<p>Regole</p>')")
    const italian = (await t.app.inject({ method: 'GET', url: '/api/documents/house-rules?locale=it' })).json().Item
    expect(italian).toMatchObject({ Name: 'Regolamento', Content: '<p>Regole</p>', Locale: 'it', Revision: 1 })
    const fallback = (await t.app.inject({ method: 'GET', url: '/api/documents/house-rules?locale=rs' })).json().Item
    expect(fallback).toMatchObject({ Name: 'Reglamento', Locale: 'mx' })
    const bad = await t.app.inject({ method: 'GET', url: `/api/documents/${TERMS_DOCUMENT_ID}?locale=xx` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('locale')
  })

  it('serves the terms of use translated into every interface language, with the Spanish text’s structure', async () => {
    const terms = async (locale: string) => (await t.app.inject({ method: 'GET', url: `/api/documents/${TERMS_DOCUMENT_ID}?locale=${locale}` })).json().Item
    const tags = (html: string) => html.match(/<\/?[a-z0-9]+/g)
    const spanish = await terms('mx')
    const names: Record<string, string> = {}
    for (const locale of ['eng', 'es', 'it', 'gr', 'rs']) {
      const item = await terms(locale)
      expect(item.Locale).toBe(locale)
      expect(tags(item.Content)).toEqual(tags(spanish.Content))
      names[locale] = item.Name
    }
    expect(names).toEqual({
      eng: 'Terms of use and privacy notice',
      es: 'Términos de uso y aviso de privacidad',
      it: "Termini d'uso e informativa sulla privacy",
      gr: 'Nutzungsbedingungen und Datenschutzhinweis',
      rs: 'Условия использования и уведомление о конфиденциальности',
    })
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
