import { createContext, use } from 'react'
import type { CourseDraft } from '../../../contracts/courses/creator'
import type { CourseSaver } from './saver'

/** What every tab of the builder page works on. */
export interface BuilderCourse {
  course: CourseDraft
  saver: CourseSaver
  /** The path of the builder page (`/creator/courses/<uuid>` or its `/creator-old` alias). */
  base: string
  /** Owner, collaborator and admin may edit; reviewers read. */
  canEdit: boolean
  /** Owner and admin invite and remove collaborators. */
  canManage: boolean
  /** Owner, reviewer and admin publish. */
  canPublish: boolean
  /** Fetches the course again (the tabs redraw from it, with the pending edits on top). */
  reload: () => Promise<void>
}

export const CourseContext = createContext<BuilderCourse | null>(null)

export function useBuilderCourse(): BuilderCourse {
  const value = use(CourseContext)
  if (!value) throw new Error('useBuilderCourse is used outside the builder page')
  return value
}

export const canEditCourse = (role: CourseDraft['role']) => role === 'owner' || role === 'collaborator' || role === 'admin'
export const canManageCourse = (role: CourseDraft['role']) => role === 'owner' || role === 'admin'
export const canPublishCourse = (role: CourseDraft['role']) => role === 'owner' || role === 'reviewer' || role === 'admin'
/** Course staff grade assignments: owner, admin, collaborator and grader (not reviewers). */
export const canGradeCourse = (role: CourseDraft['role']) => role === 'owner' || role === 'admin' || role === 'collaborator' || role === 'grader'
