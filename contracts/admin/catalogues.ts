import Type, { type Static, type TObject, type TProperties } from 'typebox'
import { DateTime, ItemResponse, Revision, Uuid } from './common.js'
import { Nullable } from '../nullable.js'

/**
 * The catalogues of requirements §7 "Catalogues" (documents have their own contract, ./documents.ts), each
 * served under `/api/v2/admin/{name}`: `GET all/{page}/{search}`, `GET count/{page}/{search}`,
 * `GET {singular}/{id}`, `POST create`, `PUT update/{id}`. Remove paths are not exposed.
 */
export const CATALOGUES = [
  'categories',
  'collaborators',
  'tags',
  'difficulties',
  'certificates',
  'organizations',
  'statuses',
  'school-cycles',
  'careers',
  'school-subjects',
] as const
export type Catalogue = (typeof CATALOGUES)[number]

/** The `{singular}` segment of the get route: `/api/v2/admin/categories/category/{id}`. */
export const CATALOGUE_SINGULAR = {
  categories: 'category',
  collaborators: 'collaborator',
  tags: 'tag',
  difficulties: 'difficulty',
  certificates: 'certificate',
  organizations: 'organization',
  statuses: 'status',
  'school-cycles': 'school-cycle',
  careers: 'career',
  'school-subjects': 'school-subject',
} as const satisfies Record<Catalogue, string>

const Name = Type.String({ minLength: 1, maxLength: 120 })
const Description = Type.String({ maxLength: 2000, default: '' })
/** A stored file's path (as the upload flow registers it), relative, no `..`. */
const FilePath = Type.String({ minLength: 1, maxLength: 500, pattern: '^(?!/)(?!.*\\.\\.)[\\w./ -]+$' })

/**
 * Category names: letters, digits, spaces, hyphens, apostrophes, periods, commas and '&'. '/' (it
 * breaks the category paths) and other special characters are refused with this message.
 */
export const CATEGORY_NAME_PATTERN = /^[\p{L}\p{M}\p{N} .,'&-]+$/u
export const CATEGORY_NAME_MESSAGE = "Use only letters, numbers, spaces and - ' . , & in a category name; '/' and other special characters are not allowed"

/** Fields of every catalogue item, as read. */
const base = {
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  revision: Type.Integer({ minimum: 1 }),
  createdAt: DateTime,
  updatedAt: DateTime,
}

/** A linked row shown beside an item (a career's cycles, a subject's courses). */
export const LinkedItem = Type.Object({ id: Uuid, name: Type.String() })
export type LinkedItem = Static<typeof LinkedItem>

/** Each catalogue's own fields: what is written (create and update) and what is read besides. */
const fields = {
  categories: {},
  collaborators: {
    email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
    /** Their role or title on the courses (e.g. "Instructor"). */
    role: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
  },
  tags: {},
  difficulties: {
    /** 1 (Very Easy) … 5 (Very Difficult) as seeded; unique. */
    level: Type.Integer({ minimum: 1, maximum: 100 }),
  },
  certificates: {
    /** Path of the certificate template file (PDF or image) in storage. */
    templatePath: FilePath,
  },
  organizations: {
    /** The organisation's internet domain, e.g. `example.edu`; unique. */
    domain: Type.String({ minLength: 3, maxLength: 253, pattern: '^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$' }),
    logoPath: Type.Optional(Nullable(FilePath)),
  },
  statuses: {
    /** Machine code, upper snake case (`DRAFT`, `PUBLISHED`); unique. */
    code: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Z][A-Z0-9_]*$' }),
  },
  'school-cycles': {
    startsOn: Type.Optional(Nullable(Type.String({ format: 'date' }))),
    endsOn: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  },
  careers: {},
  'school-subjects': {
    /** Optional short code from the study plan; unique when given. */
    code: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40 }))),
  },
} as const satisfies Record<Catalogue, TProperties>

const item = <P extends TProperties>(props: P) => Type.Object({ ...base, ...props })

export const CategoryItem = item({})
export const CollaboratorItem = item({ email: Nullable(Type.String()), role: Nullable(Type.String()) })
export const TagItem = item({})
export const DifficultyItem = item({ level: Type.Integer() })
/** `templateUrl`, `logoUrl`: a read link of the stored file, given with one item (get, create, update), not in lists. */
export const CertificateItem = item({ templatePath: Type.String(), templateUrl: Type.Optional(Nullable(Type.String())) })
export const OrganizationItem = item({ domain: Type.String(), logoPath: Nullable(Type.String()), logoUrl: Type.Optional(Nullable(Type.String())) })
export const StatusItem = item({ code: Type.String() })
export const SchoolCycleItem = item({ startsOn: Nullable(Type.String({ format: 'date' })), endsOn: Nullable(Type.String({ format: 'date' })) })
/** A career with the school cycles and subjects linked to it. */
export const CareerItem = item({ schoolCycles: Type.Array(LinkedItem), schoolSubjects: Type.Array(LinkedItem) })
/** A school subject with the courses linked to it (`id` of a course is its uuid). */
export const SchoolSubjectItem = item({ code: Nullable(Type.String()), courses: Type.Array(LinkedItem) })

const createBody = <C extends Catalogue>(c: C) => Type.Object({ name: Name, description: Description, ...fields[c] })
const updateBody = <C extends Catalogue>(c: C) => Type.Object({ name: Name, description: Description, ...fields[c], revision: Revision })

/** Every catalogue's schemas: the item read, the create body and the update body (which adds `revision`). */
export const catalogueSchemas = {
  categories: { Item: CategoryItem, Create: createBody('categories'), Update: updateBody('categories') },
  collaborators: { Item: CollaboratorItem, Create: createBody('collaborators'), Update: updateBody('collaborators') },
  tags: { Item: TagItem, Create: createBody('tags'), Update: updateBody('tags') },
  difficulties: { Item: DifficultyItem, Create: createBody('difficulties'), Update: updateBody('difficulties') },
  certificates: { Item: CertificateItem, Create: createBody('certificates'), Update: updateBody('certificates') },
  organizations: { Item: OrganizationItem, Create: createBody('organizations'), Update: updateBody('organizations') },
  statuses: { Item: StatusItem, Create: createBody('statuses'), Update: updateBody('statuses') },
  'school-cycles': { Item: SchoolCycleItem, Create: createBody('school-cycles'), Update: updateBody('school-cycles') },
  careers: { Item: CareerItem, Create: createBody('careers'), Update: updateBody('careers') },
  'school-subjects': { Item: SchoolSubjectItem, Create: createBody('school-subjects'), Update: updateBody('school-subjects') },
} as const satisfies Record<Catalogue, { Item: TObject; Create: TObject; Update: TObject }>

export type CatalogueItem<C extends Catalogue> = Static<(typeof catalogueSchemas)[C]['Item']>
export type CatalogueCreate<C extends Catalogue> = Static<(typeof catalogueSchemas)[C]['Create']>
export type CatalogueUpdate<C extends Catalogue> = Static<(typeof catalogueSchemas)[C]['Update']>

/** `GET all/{page}/{search}` of a catalogue: one page of `CATALOGUE_PAGE_SIZE` rows, by name. */
export const cataloguePage = <C extends Catalogue>(c: C) => Type.Object({ items: Type.Array(catalogueSchemas[c].Item) })
export const catalogueItemResponse = <C extends Catalogue>(c: C) => ItemResponse(catalogueSchemas[c].Item)

/** `POST /api/v2/admin/careers/cycle-associate` and `cycle-disassociate`. */
export const CareerCycleBody = Type.Object({ career: Uuid, cycle: Uuid })
export type CareerCycleBody = Static<typeof CareerCycleBody>
/** `POST /api/v2/admin/careers/subject-associate` and `subject-disassociate`. */
export const CareerSubjectBody = Type.Object({ career: Uuid, subject: Uuid })
export type CareerSubjectBody = Static<typeof CareerSubjectBody>
/** `POST /api/v2/admin/school-subjects/course-associate` and `course-disassociate` (course uuid). */
export const SubjectCourseBody = Type.Object({ subject: Uuid, course: Uuid })
export type SubjectCourseBody = Static<typeof SubjectCourseBody>

/** The difficulties seeded on a new database, by level. */
export const SEEDED_DIFFICULTIES = ['Very Easy', 'Easy', 'Moderate', 'Difficult', 'Very Difficult'] as const
