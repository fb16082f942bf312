/** A course's discussion, mounted lazily at `/galaxy/courses/discussions/:uuid` and `/:uuid/:thread`. */
export { DiscussionPage } from './DiscussionPage'
export { ThreadPage } from './ThreadPage'
export { BlockThreads } from './BlockThreads'
export { discussionPath } from './paths'
