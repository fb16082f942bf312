/** `/galaxy/courses/discussions/{course}` and `/{thread}`: a course's discussion and one of its threads. */
export const discussionPath = (course: string, thread?: string) => `/galaxy/courses/discussions/${course}${thread ? `/${thread}` : ''}`

/** The discussion with its new-question form open about one block of the course. */
export const askAboutBlockPath = (course: string, block: string) => `${discussionPath(course)}?ask=${encodeURIComponent(block)}`
