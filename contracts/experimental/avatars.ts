import Type, { type Static } from 'typebox'
import { PaginationToken, TokenPage } from '../admin/common.js'
import { UploadAskFields } from '../storage/upload.js'

/**
 * AI avatar requests (experimental group): a photo, a text for the avatar to say and a style; a
 * worker node renders the result in the background. Shared by the API and the web app.
 */

/** The frames the renderer offers, in the order the form lists them. */
export const AVATAR_STYLES = ['studio', 'round', 'instant', 'mono'] as const
export type AvatarStyle = (typeof AVATAR_STYLES)[number]

/** The voices the narration can speak in (espeak-ng voice names of the six interface languages). */
export const AVATAR_VOICES = ['es', 'en', 'it', 'de', 'ru'] as const
export type AvatarVoice = (typeof AVATAR_VOICES)[number]

/** Longest text the avatar says: about half a minute of speech. */
export const AVATAR_TEXT_MAX = 500

export const AVATAR_STATUSES = ['queued', 'processing', 'done', 'failed'] as const
export type AvatarStatus = (typeof AVATAR_STATUSES)[number]

/** `POST ai-avatar-photo-par`: the upload parameters of the photo (presigned POST, requirements §7 "File upload"). */
export const AvatarPhotoAsk = Type.Object(UploadAskFields)
export type AvatarPhotoAsk = Static<typeof AvatarPhotoAsk>

/** `POST ai-avatar-create-request`. */
export const AvatarCreateBody = Type.Object({
  photo: Type.String({ minLength: 1, maxLength: 1024, description: 'The storage path the photo upload answered (`ai-avatar-photo-par`).' }),
  text: Type.String({ minLength: 1, maxLength: AVATAR_TEXT_MAX, pattern: '\\S', description: 'What the avatar says.' }),
  style: Type.Enum([...AVATAR_STYLES], { description: 'The frame of the portrait.' }),
  voice: Type.Enum([...AVATAR_VOICES], { default: 'en', description: 'The language the text is spoken in.' }),
})
export type AvatarCreateBody = Static<typeof AvatarCreateBody>

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()])

export const AvatarRequest = Type.Object({
  id: Type.String({ format: 'uuid' }),
  owner: Type.Object({ username: Type.String(), email: Type.String() }),
  text: Type.String(),
  style: Type.Enum([...AVATAR_STYLES]),
  voice: Type.Enum([...AVATAR_VOICES]),
  status: Type.Enum([...AVATAR_STATUSES]),
  /** A read link of the uploaded photo. */
  photoUrl: Type.String(),
  /** `video` (a narrated clip) or `image` (the portrait alone), once done. */
  resultKind: Type.Union([Type.Enum(['video', 'image']), Type.Null()]),
  resultUrl: Nullable(Type.String()),
  resultType: Nullable(Type.String()),
  /** The portrait, as the video's poster (or the result itself for an image). */
  posterUrl: Nullable(Type.String()),
  renderer: Nullable(Type.String()),
  /** Why the request failed (status `failed`). */
  error: Nullable(Type.String()),
  /** The node rendering it (status `processing`). */
  nodeId: Nullable(Type.String()),
  attempt: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  startedAt: Nullable(Type.String({ format: 'date-time' })),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
})
export type AvatarRequest = Static<typeof AvatarRequest>

export const AvatarRequestResponse = Type.Object({ Item: AvatarRequest })
export type AvatarRequestResponse = Static<typeof AvatarRequestResponse>

/** `GET ai-avatar-list-requests`: newest first; an administrator sees everybody's, others their own. */
export const AvatarRequestsQuery = Type.Object({
  sizePerPage: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  paginationToken: PaginationToken,
})
export type AvatarRequestsQuery = Static<typeof AvatarRequestsQuery>
export const AvatarRequestsPage = TokenPage(AvatarRequest)
export type AvatarRequestsPage = Static<typeof AvatarRequestsPage>

export const AVATAR_NODE_STATES = ['running', 'stopped', 'lost'] as const
export type AvatarNodeState = (typeof AVATAR_NODE_STATES)[number]

export const AvatarNode = Type.Object({
  id: Type.String(),
  host: Type.String(),
  renderer: Type.String(),
  /** How many requests it renders at once. */
  capacity: Type.Integer({ minimum: 1 }),
  /** `running` (recent heartbeat), `stopped` (stopped cleanly) or `lost` (heartbeat too old). */
  state: Type.Enum([...AVATAR_NODE_STATES]),
  heartbeatAt: Type.String({ format: 'date-time' }),
  startedAt: Type.String({ format: 'date-time' }),
  /** The requests it renders now (ids), at most `capacity`. */
  currentJobs: Type.Array(Type.String({ format: 'uuid' })),
})
export type AvatarNode = Static<typeof AvatarNode>

/** `GET ai-avatar-list-nodes`: running nodes first, then those seen in the last day. */
export const AvatarNodesResponse = Type.Object({ items: Type.Array(AvatarNode) })
export type AvatarNodesResponse = Static<typeof AvatarNodesResponse>
