import { LinearProgress } from '@mui/material'
import { Suspense, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { screenGroups } from '../../contracts/screens'
import { GroupGate } from '../layout/access/GroupGate'
import { WithBuilderTexts } from './common/BuilderTexts'
import { CourseList } from './list/CourseList'
import { BuilderPage } from './page/BuilderPage'

/**
 * The builder's screens as App.tsx routes them: only for the groups the screen table names (creator,
 * reviewer), and drawn once the builder's texts are loaded.
 */
function BuilderFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <GroupGate groups={screenGroups(pathname) ?? ['creator', 'reviewer']}>
      <Suspense fallback={<LinearProgress aria-hidden="true" />}>
        <WithBuilderTexts>{children}</WithBuilderTexts>
      </Suspense>
    </GroupGate>
  )
}

export const CourseListScreen = () => (
  <BuilderFrame>
    <CourseList />
  </BuilderFrame>
)
export const BuilderScreen = () => (
  <BuilderFrame>
    <BuilderPage />
  </BuilderFrame>
)
export const ReviewScreen = () => (
  <BuilderFrame>
    <BuilderPage review />
  </BuilderFrame>
)
