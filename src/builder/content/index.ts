/** The builder's content tab and review route (mounted by the builder pages). */
export { ContentEditor, type ContentCourse } from './ContentEditor'
export { ReviewView } from './ReviewView'
export type { ContentSaver, ContentWrite } from './saverTypes'
