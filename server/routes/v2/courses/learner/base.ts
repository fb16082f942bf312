/** Where the learner's course routes live, and their OpenAPI tag. */
export const BASE = '/v2/courses'
export const tags = ['learner']
