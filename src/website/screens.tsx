import { LinearProgress } from '@mui/material'
import { Suspense, type ReactNode } from 'react'
import { screenGroups } from '../../contracts/screens'
import { GroupGate } from '../layout/access/GroupGate'
import { AnalyticsPage } from './analytics/AnalyticsPage'
import { CarouselPage } from './carousel/CarouselPage'
import { CareersPage } from './catalogue/CareersPage'
import { FeaturedCoursesPage } from './catalogue/FeaturedCoursesPage'
import { PostEditPage } from './posts/PostEditPage'
import { PostListPage } from './posts/PostListPage'
import { SitesPage } from './sites/SitesPage'
import { WithWebsiteTexts } from './WebsiteTexts'

/** Administrators only (the screen table's `/admin`), drawn once the texts are loaded. */
function Gate({ children }: { children: ReactNode }) {
  return (
    <GroupGate groups={screenGroups('/admin/websites') ?? ['admin']}>
      <Suspense fallback={<LinearProgress aria-hidden="true" />}>
        <WithWebsiteTexts>{children}</WithWebsiteTexts>
      </Suspense>
    </GroupGate>
  )
}

/** `/admin/{site}/carousel`. */
export const CarouselScreen = () => (
  <Gate>
    <CarouselPage />
  </Gate>
)
/** `/admin/{site}/news` and `/admin/{site}/blogs` (the news list takes `?category=`). */
export const PostsScreen = ({ kind }: { kind: 'news' | 'blog' }) => (
  <Gate>
    <PostListPage kind={kind} />
  </Gate>
)
/** `/admin/{site}/news/{id}`, `/admin/{site}/blogs/{id}` (`create` for a new post). */
export const PostEditScreen = ({ kind }: { kind: 'news' | 'blog' }) => (
  <Gate>
    <PostEditPage kind={kind} />
  </Gate>
)
/** `/admin/websites`: the centre's sites. */
export const SitesScreen = () => (
  <Gate>
    <SitesPage />
  </Gate>
)
/** `/admin/{site}/courses`: the courses the public site features. */
export const FeaturedCoursesScreen = () => (
  <Gate>
    <FeaturedCoursesPage />
  </Gate>
)
/** `/admin/{site}/careers`: the careers the public site lists. */
export const SiteCareersScreen = () => (
  <Gate>
    <CareersPage />
  </Gate>
)
/** `/admin/{site}/analytics`: the public site's page views. */
export const SiteAnalyticsScreen = () => (
  <Gate>
    <AnalyticsPage />
  </Gate>
)
