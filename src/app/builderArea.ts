/** The course builder's chunk (creator and reviewer groups): the course list, the builder and the review view. */
export { CourseListScreen, BuilderScreen, ReviewScreen } from '../builder/screens'
