import Type, { type Static } from 'typebox'
import { LANGUAGES } from '../config.js'
import { Nullable } from '../nullable.js'
import { UploadAskFields } from '../storage/upload.js'

/**
 * The centre's websites and their content (docs/website.md): sites, carousel slides, news and blog
 * posts. The admin routes live under `/api/v2/admin/sites`, the public reads under `/api/v2/site/{site}`.
 */

export const SITE_SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$'
export const POST_KINDS = ['news', 'blog'] as const
export type PostKind = (typeof POST_KINDS)[number]
export const POST_STATES = ['draft', 'scheduled', 'published'] as const
export type PostState = (typeof POST_STATES)[number]
/** The website menu's labels that share the news screen (requirements §2): each opens it filtered by its category. */
export const POST_CATEGORIES = ['blogs', 'documents', 'organization-chart', 'social-networks'] as const
export type PostCategory = (typeof POST_CATEGORIES)[number]

const Slug = Type.String({ minLength: 1, maxLength: 120, pattern: SITE_SLUG_PATTERN })
const Language = Type.Enum([...LANGUAGES])
const Uuid = Type.String({ format: 'uuid' })
const When = Type.String({ format: 'date-time' })
/** A revision number (a PostgreSQL integer). */
const Revision = Type.Integer({ minimum: 1, maximum: 2147483647 })
/** An http(s) address or a path inside the site (never `//host`). */
export const LINK_PATTERN = '^(https?://[^\\s]+|/(?!/)[^\\s]*)$'
const Link = Type.String({ maxLength: 2000, pattern: LINK_PATTERN })

export const SiteParams = Type.Object({ site: Type.String({ minLength: 1, maxLength: 60, pattern: SITE_SLUG_PATTERN }) })
export const SiteItemParams = Type.Object({ site: SiteParams.properties.site, id: Uuid })
export const SitePostsParams = Type.Object({ site: SiteParams.properties.site, kind: Type.Enum([...POST_KINDS]) })
export const SitePostParams = Type.Object({ site: SiteParams.properties.site, kind: Type.Enum([...POST_KINDS]), slug: Slug })
export const RevisionQuery = Type.Object({ revision: Revision })

// Sites.
export const Site = Type.Object({
  id: Uuid,
  slug: Type.String(),
  name: Type.String(),
  defaultLanguage: Language,
  languages: Type.Array(Language),
  baseUrl: Nullable(Type.String()),
  isDefault: Type.Boolean(),
  revision: Type.Integer(),
})
export type Site = Static<typeof Site>
export const SitesReply = Type.Object({ items: Type.Array(Site) })
export const SiteReply = Type.Object({ Item: Site })
const SiteFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  defaultLanguage: Language,
  languages: Type.Array(Language, { minItems: 1, maxItems: LANGUAGES.length, uniqueItems: true }),
  baseUrl: Type.Optional(Nullable(Type.String({ maxLength: 500, pattern: '^https?://[^\\s]+$' }))),
}
export const SiteCreateBody = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 60, pattern: SITE_SLUG_PATTERN }), ...SiteFields })
export type SiteCreateBody = Static<typeof SiteCreateBody>
export const SiteUpdateBody = Type.Object({ ...SiteFields, revision: Revision })
export type SiteUpdateBody = Static<typeof SiteUpdateBody>

// Carousel slides.
const SlideFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  text: Type.String({ maxLength: 1000 }),
  link: Nullable(Link),
  /** A path an image upload of this site answered (or the one already stored). */
  imagePath: Nullable(Type.String({ maxLength: 1024 })),
  startsAt: Nullable(When),
  endsAt: Nullable(When),
}
export const Slide = Type.Object({
  id: Uuid,
  ...SlideFields,
  imageUrl: Nullable(Type.String()),
  position: Type.Integer(),
  revision: Type.Integer(),
  /** Shown now: no start or a start passed, no end or an end to come. */
  live: Type.Boolean(),
})
export type Slide = Static<typeof Slide>
export const SlidesReply = Type.Object({ items: Type.Array(Slide), orderRevision: Type.Integer() })
export type SlidesReply = Static<typeof SlidesReply>
export const SlideReply = Type.Object({ Item: Slide })
export const SlideCreateBody = Type.Object(SlideFields)
export type SlideCreateBody = Static<typeof SlideCreateBody>
export const SlideUpdateBody = Type.Object({ ...SlideFields, revision: Revision })
export type SlideUpdateBody = Static<typeof SlideUpdateBody>
export const SlideOrderBody = Type.Object({
  ids: Type.Array(Uuid, { maxItems: 500, uniqueItems: true }),
  /** The carousel's `orderRevision` the new order was made from. */
  orderRevision: Revision,
})
export type SlideOrderBody = Static<typeof SlideOrderBody>

export const SiteUploadAsk = Type.Object({ ...UploadAskFields })
export type SiteUploadAsk = Static<typeof SiteUploadAsk>

// Posts.
const PostFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  /** Made from the title when left out. */
  slug: Type.Optional(Slug),
  summary: Type.String({ maxLength: 1000 }),
  /** HTML, sanitised on save. */
  body: Type.String({ maxLength: 200000 }),
  coverPath: Nullable(Type.String({ maxLength: 1024 })),
  category: Nullable(Type.Enum([...POST_CATEGORIES])),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 }),
  author: Type.String({ maxLength: 200 }),
  state: Type.Enum([...POST_STATES]),
  /** When a scheduled post becomes visible (required for `scheduled`; `published` without one means now). */
  publishAt: Nullable(When),
}
export const PostCreateBody = Type.Object({
  kind: Type.Enum([...POST_KINDS]),
  language: Language,
  /** Makes this post the translation of a post in the site's default language. */
  sourceId: Type.Optional(Uuid),
  ...PostFields,
})
export type PostCreateBody = Static<typeof PostCreateBody>
export const PostUpdateBody = Type.Object({ ...PostFields, revision: Revision })
export type PostUpdateBody = Static<typeof PostUpdateBody>

export const AdminPost = Type.Object({
  id: Uuid,
  kind: Type.Enum([...POST_KINDS]),
  language: Language,
  sourceId: Nullable(Uuid),
  sourceRevision: Nullable(Type.Integer()),
  /** A translation whose source changed after it was made. */
  outdated: Type.Boolean(),
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  body: Type.String(),
  coverPath: Nullable(Type.String()),
  coverUrl: Nullable(Type.String()),
  category: Nullable(Type.Enum([...POST_CATEGORIES])),
  tags: Type.Array(Type.String()),
  author: Type.String(),
  state: Type.Enum([...POST_STATES]),
  /** What readers see now: a scheduled post whose time came is `published`. */
  effectiveState: Type.Enum([...POST_STATES]),
  publishAt: Nullable(When),
  revision: Type.Integer(),
  updatedAt: When,
  /** The languages this post (a source) is translated into, each with its outdated mark. */
  translations: Type.Array(Type.Object({ id: Uuid, language: Language, outdated: Type.Boolean() })),
})
export type AdminPost = Static<typeof AdminPost>
export const AdminPostReply = Type.Object({ Item: AdminPost })
export const AdminPostsQuery = Type.Object({
  kind: Type.Optional(Type.Enum([...POST_KINDS])),
  state: Type.Optional(Type.Enum([...POST_STATES])),
  language: Type.Optional(Language),
  category: Type.Optional(Type.Enum([...POST_CATEGORIES])),
})
export type AdminPostsQuery = Static<typeof AdminPostsQuery>
export const AdminPostsReply = Type.Object({ items: Type.Array(AdminPost) })
export const PostRevision = Type.Object({
  revision: Type.Integer(),
  title: Type.String(),
  state: Type.Enum([...POST_STATES]),
  publishAt: Nullable(When),
  savedBy: Type.String(),
  savedAt: When,
})
export type PostRevision = Static<typeof PostRevision>
export const PostRevisionsReply = Type.Object({ items: Type.Array(PostRevision) })

// Public reads.
export const PublicSlide = Type.Object({
  id: Uuid,
  title: Type.String(),
  text: Type.String(),
  link: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
})
export type PublicSlide = Static<typeof PublicSlide>
export const PublicSlidesReply = Type.Object({ items: Type.Array(PublicSlide) })
export type PublicSlidesReply = Static<typeof PublicSlidesReply>
export const PublicPostsQuery = Type.Object({ lang: Type.Optional(Language) })
export const PublicPost = Type.Object({
  slug: Type.String(),
  language: Language,
  title: Type.String(),
  summary: Type.String(),
  /** Sanitised HTML (sanitise it again where it is shown). */
  body: Type.String(),
  coverUrl: Nullable(Type.String()),
  category: Nullable(Type.Enum([...POST_CATEGORIES])),
  tags: Type.Array(Type.String()),
  author: Type.String(),
  publishedAt: When,
})
export type PublicPost = Static<typeof PublicPost>
export const PublicPostsReply = Type.Object({ items: Type.Array(Type.Omit(PublicPost, ['body'])) })
export const PublicPostReply = Type.Object({ Item: PublicPost })

/** A slug made from a title: accents dropped, lower case, words joined by dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
  return slug || 'post'
}

// The public site's catalogue (featured courses, careers) and its visit counts (administrators).

/** At most this many courses are featured on a site. */
export const FEATURED_COURSES_MAX = 24
/** At most this many careers are shown on a site. */
export const SITE_CAREERS_MAX = 100
/** The longest analytics range, in days (both ends included): three years, as the chart kit's period picker allows. */
export const SITE_ANALYTICS_MAX_DAYS = 1097

export const FeaturedCourse = Type.Object({
  uuid: Uuid,
  /** From the course's published snapshot (never a draft). */
  name: Type.String(),
  briefDescription: Type.String(),
  coverUrl: Nullable(Type.String()),
})
export type FeaturedCourse = Static<typeof FeaturedCourse>
export const FeaturedCoursesReply = Type.Object({ items: Type.Array(FeaturedCourse), revision: Type.Integer() })
export type FeaturedCoursesReply = Static<typeof FeaturedCoursesReply>
export const FeaturedCoursesBody = Type.Object({
  /** The site's `revision` of featured courses the new list was made from. */
  revision: Revision,
  /** The whole new list, in order: published courses, each once. */
  courses: Type.Array(Uuid, { maxItems: FEATURED_COURSES_MAX }),
})
export type FeaturedCoursesBody = Static<typeof FeaturedCoursesBody>
export const CandidatesQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) })
export type CandidatesQuery = Static<typeof CandidatesQuery>
export const CourseCandidatesReply = Type.Object({ items: Type.Array(FeaturedCourse) })

export const SiteCareer = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  /** What the public page shows of it: its live school cycles and subjects, and the published courses of those subjects. */
  cycles: Type.Integer(),
  subjects: Type.Integer(),
  courses: Type.Integer(),
})
export type SiteCareer = Static<typeof SiteCareer>
export const SiteCareersReply = Type.Object({ items: Type.Array(SiteCareer), revision: Type.Integer() })
export type SiteCareersReply = Static<typeof SiteCareersReply>
export const SiteCareersBody = Type.Object({
  revision: Revision,
  /** The whole new list, in order: live careers, each once. */
  careers: Type.Array(Uuid, { maxItems: SITE_CAREERS_MAX }),
})
export type SiteCareersBody = Static<typeof SiteCareersBody>
export const CareerCandidatesReply = Type.Object({ items: Type.Array(SiteCareer) })

const Day = Type.String({ format: 'date', description: 'A calendar day, YYYY-MM-DD (UTC).' })
/** `from` defaults to 29 days before `to`, `to` to today (UTC); both ends included. */
export const SiteAnalyticsQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) })
export type SiteAnalyticsQuery = Static<typeof SiteAnalyticsQuery>
const Views = Type.Integer({ minimum: 0 })
export const SiteAnalyticsReply = Type.Object({
  from: Day,
  to: Day,
  total: Views,
  /** Every day of the range, days without visits included. */
  days: Type.Array(Type.Object({ day: Day, views: Views })),
  /** The 20 most viewed pages. */
  pages: Type.Array(Type.Object({ path: Type.String(), views: Views })),
  /** The 20 hosts that sent most visitors; '' is a visit with no (or an own) referrer. */
  referrers: Type.Array(Type.Object({ host: Type.String(), views: Views })),
  languages: Type.Array(Type.Object({ language: Type.String(), views: Views })),
})
export type SiteAnalyticsReply = Static<typeof SiteAnalyticsReply>
