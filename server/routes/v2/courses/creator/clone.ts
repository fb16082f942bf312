/** The course clone as the admin courses routes reach it; the clone itself is the course domain's. */
export { cloneCourseWithContent } from '../../../../courses/clone.js'
