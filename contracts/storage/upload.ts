import Type, { type Static } from 'typebox'

/**
 * The body fields of every `...-par` ask (cover, thumbnail, presentation, certificate template,
 * block resources): spread them into the route's own body schema next to its `uuid`.
 */
export const UploadAskFields = {
  size: Type.Integer({ minimum: 1, description: 'Size of the file in bytes.' }),
  contentType: Type.String({ minLength: 3, maxLength: 255, description: "The file's MIME type, as the browser reports it." }),
  fileName: Type.String({ minLength: 1, maxLength: 255, description: "The file's name on the creator's device (kept, made safe, at the end of the path)." }),
}

/** The answer of a `...-par` ask: POST `fields` then the `file` to `url`, then register `path`. */
export const UploadParamsReply = Type.Object({
  url: Type.String(),
  fields: Type.Record(Type.String(), Type.String()),
  path: Type.String(),
})
export type UploadParamsReply = Static<typeof UploadParamsReply>

/** Query of a read link of the embedded storage. */
export const FileReadQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 100 })),
})

/** Path of a folder read link: `<expires>/<signature>/<prefix…>/<file in it>` after `/api/files/p/`. */
export const FolderReadParams = Type.Object({
  '*': Type.String({ maxLength: 1200 }),
})
