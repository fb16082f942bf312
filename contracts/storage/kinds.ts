const MB = 1024 * 1024

/**
 * What each upload (course builder, admin catalogues, avatar photos) accepts (shared by the API, which signs it into the upload
 * policy, and the web app, which checks a file before asking). An empty list of types accepts any.
 */
export const UPLOAD_KINDS = {
  cover: { contentTypes: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 5 * MB },
  thumbnail: { contentTypes: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 5 * MB },
  presentation: { contentTypes: ['video/mp4', 'video/webm'], maxBytes: 500 * MB },
  'certificate-template': { contentTypes: ['application/pdf', 'image/png', 'image/jpeg'], maxBytes: 10 * MB },
  'block-image': { contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'], maxBytes: 10 * MB },
  'block-attachment': { contentTypes: [], maxBytes: 50 * MB },
  'block-video': { contentTypes: ['video/mp4', 'video/webm'], maxBytes: 500 * MB },
  // Windows browsers name a zip application/x-zip-compressed.
  'block-simulation': { contentTypes: ['text/html', 'application/zip', 'application/x-zip-compressed'], maxBytes: 100 * MB },
  // A SCORM package (a zip; browsers name it as a zip, or as nothing when the extension is unusual).
  'block-scorm': { contentTypes: ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'], maxBytes: 100 * MB },
  // A learner's file handed in for an assignment: any type here; the assignment's own kinds and size are checked by its routes.
  'assignment-file': { contentTypes: [], maxBytes: 50 * MB },
  // The photo of an AI avatar request (experimental): the renderer cuts a portrait from it.
  'avatar-photo': { contentTypes: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 10 * MB },
  // An organisation's logo (admin catalogue): PNG or JPEG, the images a PDF can embed (pdf-lib) and every browser shows.
  'organization-logo': { contentTypes: ['image/png', 'image/jpeg'], maxBytes: 2 * MB },
  // A website image (carousel slide, post cover): the public site and the login screen show it.
  'site-image': { contentTypes: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 5 * MB },
  // An IMS Common Cartridge to import into a new draft (a zip; browsers name a .imscc as nothing, octet-stream or a cartridge type).
  cartridge: {
    contentTypes: [
      'application/zip',
      'application/x-zip-compressed',
      'application/octet-stream',
      'application/vnd.ims.imsccv1p1',
      'application/vnd.ims.imsccv1p2',
      'application/vnd.ims.imsccv1p3',
    ],
    maxBytes: 100 * MB,
  },
} as const satisfies Record<string, { contentTypes: readonly string[]; maxBytes: number }>

export type UploadKind = keyof typeof UPLOAD_KINDS
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as UploadKind[]

/** Lower case, parameters dropped: `Image/PNG; charset=x` is `image/png`. */
export function normalizeContentType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase()
}

/** Whether a kind accepts a (normalized) type. */
export function kindAccepts(kind: UploadKind, contentType: string): boolean {
  const types: readonly string[] = UPLOAD_KINDS[kind].contentTypes
  return types.length === 0 || types.includes(contentType)
}
