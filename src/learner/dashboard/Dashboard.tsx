import { Box, Button, Grid, LinearProgress, Typography } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { UserCourse } from '../../../contracts/subscriptions'
import type { AppDataProvider } from '../../dataProvider'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { useRetryFocus } from '../../ui/useRetryFocus'
import { CourseCard } from './CourseCard'
import { EmptyDashboard } from './EmptyDashboard'

/** /dashboard (protected): a card per course the learner is subscribed to, 4 columns on wide screens. */
export function Dashboard() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const first = useLoad(() => dataProvider.getUserCourses(''), 'first')
  const { retry, retryRef, contentRef } = useRetryFocus(first)
  // Pages after the first, fetched with "Show more" and the continuation token.
  const [more, setMore] = useState<{ items: UserCourse[]; token: string | null } | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState<unknown>(null)

  const courses = [...(first.data?.items ?? []), ...(more?.items ?? [])]
  const next = more ? more.token : (first.data?.paginationToken ?? null)

  const showMore = async () => {
    if (!next) return
    setLoadingMore(true)
    try {
      const page = await dataProvider.getUserCourses(next)
      setMore((m) => ({ items: [...(m?.items ?? []), ...page.items], token: page.paginationToken }))
      setMoreError(null)
    } catch (err) {
      setMoreError(err)
    } finally {
      setLoadingMore(false)
    }
  }

  return (
    <Box component="section" aria-labelledby="dashboard-title">
      {/* Where the focus goes when the courses come back after 'Try again'. */}
      <Typography ref={contentRef} tabIndex={-1} id="dashboard-title" variant="h4" component="h1" sx={{ mb: 3, outline: 'none' }}>
        {translate('aula.account.dashboard.title')}
      </Typography>
      {first.error ? <LoadFailure error={first.error} onRetry={retry} retryRef={retryRef} /> : moreError ? <ErrorDisplay error={moreError} /> : null}
      {first.data && courses.length === 0 && <EmptyDashboard />}
      <Grid container spacing={3}>
        {courses.map((course) => (
          <Grid key={course.uuid} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <CourseCard course={course} />
          </Grid>
        ))}
      </Grid>
      {(first.isPending || loadingMore) && <LinearProgress aria-hidden="true" sx={{ mt: 2 }} />}
      {next && !loadingMore && (
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => void showMore()}>
            {translate('aula.account.dashboard.more')}
          </Button>
        </Box>
      )}
    </Box>
  )
}
