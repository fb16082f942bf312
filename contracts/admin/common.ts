import Type, { type Static, type TSchema } from 'typebox'

/** An opaque continuation token; empty asks for the first page. */
export const PaginationToken = Type.String({ maxLength: 2048, default: '', description: 'Continuation token from the previous page; empty at first.' })

/** A page of a token-paged list (requirements §3 "Paged lists"): `paginationToken` is null on the last page. */
export const TokenPage = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    paginationToken: Type.Union([Type.String(), Type.Null()]),
    /** The total the list would hold without paging; an estimate on big tables. */
    estimated: Type.Integer({ minimum: 0 }),
  })

/** A single object, under `Item` as the terms document shows it (requirements §3). */
export const ItemResponse = <T extends TSchema>(item: T) => Type.Object({ Item: item })

/** `GET .../estimated`: the estimated number of rows of a token-paged list. */
export const EstimatedResponse = Type.Object({ estimated: Type.Integer({ minimum: 0 }) })
export type EstimatedResponse = Static<typeof EstimatedResponse>

/** The revision a client read; an update carrying an older one is refused with 409. */
export const Revision = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The revision the edit started from; a stale one answers 409.' })

export const Uuid = Type.String({ format: 'uuid' })
export const DateTime = Type.String({ format: 'date-time' })
export const NullableDateTime = Type.Union([DateTime, Type.Null()])

/** Page-numbered catalogue lists: `GET all/{page}/{search}`; the search segment may be empty. */
export const PageSearchParams = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, description: 'Page number, starting at 1.' }),
  search: Type.Optional(Type.String({ maxLength: 100, description: 'Text to look for in the name; may be empty.' })),
})
export type PageSearchParams = Static<typeof PageSearchParams>

/** `GET count/{page}/{search}`: how many rows match the search, and in how many pages. */
export const CountResponse = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  pageSize: Type.Integer({ minimum: 1 }),
  pages: Type.Integer({ minimum: 0 }),
})
export type CountResponse = Static<typeof CountResponse>

/** Rows per page of every page-numbered admin list. */
export const CATALOGUE_PAGE_SIZE = 10

export const UuidParams = Type.Object({ id: Uuid })
export type UuidParams = Static<typeof UuidParams>

/** A short confirmation of a write, with the text the screens show. */
export const MessageResponse = Type.Object({ message: Type.String() })
export type MessageResponse = Static<typeof MessageResponse>
