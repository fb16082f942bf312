import { CATALOGUE_SINGULAR, CATALOGUES, catalogueSchemas, type Catalogue } from '../../../contracts/admin/catalogues'
import type { CareerCycleBody, CareerSubjectBody, SubjectCourseBody } from '../../../contracts/admin/catalogues'
import type {
  AdminDocument,
  AdminDocumentResponse,
  DocumentCreateBody,
  DocumentMarkUpToDateBody,
  DocumentPublishBody,
  DocumentUpdateBody,
} from '../../../contracts/admin/documents'
import type { AdminUploadAsk, UploadParamsReply } from '../../../contracts/admin/uploads'
import { httpClient } from '../http'
import { ADMIN_RESOURCES, json, type AdminResource, type CatalogueList } from './common'

/** The page-numbered catalogues (requirements §7 "Catalogues") and the documents, with their associations and publishing. */
const catalogueEntry = (c: Catalogue): CatalogueList => {
  const { revision: _revision, ...writable } = catalogueSchemas[c].Update.properties
  return { kind: 'catalogue', base: `/api/v2/admin/${c}`, singular: CATALOGUE_SINGULAR[c], writable: Object.keys(writable) }
}

export const catalogueResources: Record<string, AdminResource> = {
  ...Object.fromEntries(CATALOGUES.map((c) => [`admin/${c}`, catalogueEntry(c)])),
  [ADMIN_RESOURCES.documents]: {
    kind: 'catalogue',
    base: '/api/v2/admin/documents',
    singular: 'document',
    writable: ['name', 'content', 'translations'] satisfies Array<keyof DocumentUpdateBody>,
    createFields: ['id', 'name', 'content', 'translations'] satisfies Array<keyof DocumentCreateBody>,
  },
}

/** The association routes: which catalogue and which verb prefix. */
const LINKS = {
  careerCycle: ['careers', 'cycle'],
  careerSubject: ['careers', 'subject'],
  subjectCourse: ['school-subjects', 'course'],
} as const
export type CatalogueLink = keyof typeof LINKS

export const catalogueVerbs = {
  async linkCatalogue(link: CatalogueLink, associate: boolean, body: CareerCycleBody | CareerSubjectBody | SubjectCourseBody): Promise<void> {
    const [base, verb] = LINKS[link]
    await httpClient(`/api/v2/admin/${base}/${verb}-${associate ? 'associate' : 'disassociate'}`, { method: 'POST', body: json(body) })
  },
  /** Upload parameters for a certificate template or an organisation logo (requirements §7 "Admin subscriptions and uploads"). */
  async askCatalogueUpload(ask: AdminUploadAsk, signal?: AbortSignal): Promise<UploadParamsReply> {
    return (await httpClient<UploadParamsReply>('/api/v2/admin/general/resource-par', { method: 'POST', body: json(ask), signal })).json
  },
  async publishDocument(id: string, revision: number): Promise<AdminDocument> {
    const body: DocumentPublishBody = { id, revision }
    return (await httpClient<AdminDocumentResponse>('/api/v2/admin/documents/publish', { method: 'POST', body: json(body) })).json.Item
  },
  async markDocumentUpToDate(id: string, locale: DocumentMarkUpToDateBody['locale'], revision: number): Promise<AdminDocument> {
    const body: DocumentMarkUpToDateBody = { id, locale, revision }
    return (await httpClient<AdminDocumentResponse>('/api/v2/admin/documents/mark-up-to-date', { method: 'POST', body: json(body) })).json.Item
  },
}
