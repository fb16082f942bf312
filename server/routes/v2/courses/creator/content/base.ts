/** Where the content routes live, and their OpenAPI tag. */
export const tags = ['course creator: content']
export const V2 = '/v2/courses/creator'
export const LEGACY = '/courses/creator'
