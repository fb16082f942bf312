import type { Access } from '../policy.js'

// Written out rather than imported: contracts/policy.ts imports this file to build its table, so
// its constants are not yet defined while this module is evaluated.
const OPEN: Access = { kind: 'public' }

/**
 * File upload and download routes of the embedded storage. Spread into `routePolicy`. Both are
 * open: what authorizes them is a signature the server made (an upload policy it issued to a
 * builder, a read link it handed out), as with the presigned POST and GET of S3.
 */
export const storagePolicy = {
  'POST /api/files/upload': OPEN,
  'GET /api/files/*': OPEN,
  // A folder read link (simulation packages): the signature in its path covers the folder.
  'GET /api/files/p/*': OPEN,
} as const satisfies Record<string, Access>
