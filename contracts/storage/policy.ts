import { PUBLIC, type PolicyTable } from '../access.js'

/**
 * File upload and download routes of the embedded storage. Spread into `routePolicy`. Both are
 * open: what authorizes them is a signature the server made (an upload policy it issued to a
 * builder, a read link it handed out), as with the presigned POST and GET of S3.
 */
export const storagePolicy = {
  'POST /api/files/upload': PUBLIC,
  'GET /api/files/*': PUBLIC,
  // A folder read link (simulation packages): the signature in its path covers the folder.
  'GET /api/files/p/*': PUBLIC,
} as const satisfies PolicyTable
