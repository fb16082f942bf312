/** `/galaxy/courses/player/{course}` and `/{block}`: the player, at a block or where the learner left off. */
export const playerPath = (course: string, block?: string) => `/galaxy/courses/player/${course}${block ? `/${block}` : ''}`

/** `/galaxy/courses/overview/{course}`: the course's overview page. */
export const overviewPath = (course: string) => `/galaxy/courses/overview/${course}`

/** `/galaxy/courses/progress/{course}`: the learner's grades in the course and what remains for the certificate. */
export const progressPath = (course: string) => `/galaxy/courses/progress/${course}`
