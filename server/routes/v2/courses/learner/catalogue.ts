import { errorResponses } from '../../../../../contracts/errors.js'
import {
  CATALOGUE_PAGE_SIZE,
  CatalogueFilters,
  CataloguePage,
  CatalogueParams,
  CatalogueQuery,
  CatalogueSearchParams,
} from '../../../../../contracts/learner/catalogue.js'
import { searchQuery } from '../../../../courses/catalogue/index.js'
import { catalogueCount, catalogueFacets, cataloguePage, type CatalogueListRow } from '../../../../courses/catalogue/queries.js'
import type { App } from '../../../../types.js'
import { BASE, tags } from './base.js'
import { cardOf } from './views.js'

/** The catalogue of published courses: pages, search and the filters' choices. */
export async function catalogueRoutes(app: App) {
  const card = (r: CatalogueListRow) => cardOf(r, (path) => app.storage.readUrl(path))
  async function catalogue(page: number, search: string | undefined, q: CatalogueQuery) {
    const filter = { query: searchQuery(search), ...q }
    const rows = await cataloguePage(app.db, filter, CATALOGUE_PAGE_SIZE, (page - 1) * CATALOGUE_PAGE_SIZE)
    const total = rows.length ? Number(rows[0].total) : page === 1 ? 0 : await catalogueCount(app.db, filter)
    return { items: await Promise.all(rows.map(card)), total }
  }
  const catalogueSchema = { tags, querystring: CatalogueQuery, response: { 200: CataloguePage, ...errorResponses(400, 401, 403) } }
  app.get(
    `${BASE}/all/:page`,
    {
      schema: {
        ...catalogueSchema,
        summary: `Published courses, newest first, ${CATALOGUE_PAGE_SIZE} a page (page from 1), with optional filters`,
        params: CatalogueParams,
      },
    },
    async (request) => catalogue(request.params.page, undefined, request.query),
  )
  app.get(
    `${BASE}/all/:page/:search`,
    {
      schema: {
        ...catalogueSchema,
        summary: 'Published courses matching every search word (accents and case ignored, prefixes match), best match first',
        params: CatalogueSearchParams,
      },
    },
    async (request) => catalogue(request.params.page, request.params.search, request.query),
  )
  app.get(
    `${BASE}/catalogue/filters`,
    {
      schema: {
        tags,
        summary: 'The categories, difficulties, organizations and tags of the published courses, with counts',
        response: { 200: CatalogueFilters, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const rows = await catalogueFacets(app.db)
      const of = (facet: string) => rows.filter((r) => r.facet === facet).map((r) => ({ id: r.id!, name: r.name, count: Number(r.count) }))
      return {
        categories: of('category'),
        difficulties: of('difficulty'),
        organizations: of('organization'),
        tags: rows.filter((r) => r.facet === 'tag').map((r) => ({ name: r.name, count: Number(r.count) })),
      }
    },
  )
}
