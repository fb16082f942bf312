import ArrowBack from '@mui/icons-material/ArrowBack'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined'
import { Alert, AlertTitle, Box, Button, Chip, LinearProgress, Paper, Tab, Tabs, Typography } from '@mui/material'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import type { CourseDraft } from '../../../contracts/courses/creator'
import { NotFound } from '../../layout/NotFound'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { canEditCourse, canManageCourse, canPublishCourse, CourseContext, type BuilderCourse } from '../common/CourseContext'
import { ConflictDialog } from '../common/ConflictDialog'
import { SaveStatus } from '../common/SaveStatus'
import { useCourseSaver } from '../common/useCourseSaver'
import { useCoEditing } from '../common/useCoEditing'
import { UnsentEdits } from '../common/UnsentEdits'
import { applyAnswer } from '../common/applyAnswer'
import type { PendingWrite, WriteAnswer } from '../common/saver'
import { ImportReportPanel } from './ImportReportPanel'
import { builderBase } from './paths'
import { ReviewPanel } from './ReviewPanel'
import { BUILDER_TABS, type BuilderTab } from './tabs'
import type { AppDataProvider } from '../../dataProvider'

/** The course being built, fetched; `missing` when the server says 'Not authorized!' (404). */
type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; error: unknown } | { state: 'ready'; course: CourseDraft }

/** Fetches the course once per uuid; `reload` fetches it again (after a conflict) and says when done. */
function useCourse(uuid: string) {
  const dataProvider = useDataProvider<AppDataProvider>()
  // The answer is kept with its uuid: another course's answer reads as still loading.
  const [answer, setAnswer] = useState<{ uuid: string; loaded: Loaded }>({ uuid: '', loaded: { state: 'loading' } })
  const settle = useCallback(
    (promise: Promise<CourseDraft>, live: () => boolean = () => true) =>
      promise.then(
        (course) => {
          if (live()) setAnswer({ uuid, loaded: { state: 'ready', course } })
          return course
        },
        (error: unknown) => {
          if (live()) setAnswer({ uuid, loaded: (error as { status?: unknown } | null)?.status === 404 ? { state: 'missing' } : { state: 'failed', error } })
          throw error
        },
      ),
    [uuid],
  )
  const fetchCourse = useCallback(() => settle(dataProvider.getCourseDraft(uuid)), [dataProvider, settle, uuid])
  useEffect(() => {
    let live = true
    settle(dataProvider.getCourseDraft(uuid), () => live).catch(() => undefined)
    return () => {
      live = false
    }
  }, [dataProvider, settle, uuid])
  const loaded: Loaded = answer.uuid === uuid ? answer.loaded : { state: 'loading' }
  /** Keeps the page's copy of the course in step with what the saver has written. */
  const applySaved = useCallback(
    (write: PendingWrite, saved: WriteAnswer) =>
      setAnswer((a) =>
        a.uuid === uuid && a.loaded.state === 'ready' ? { uuid, loaded: { state: 'ready', course: applyAnswer(a.loaded.course, write, saved) } } : a,
      ),
    [uuid],
  )
  return { loaded, fetchCourse, applySaved }
}

/** /creator/courses/{uuid}[/{tab}]: the course's header, save status and tabs (each tab a route). */
export function BuilderPage({ review = false }: { review?: boolean } = {}) {
  const translate = useTranslate()
  const { uuid = '', tab: tabParam } = useParams()
  const { pathname } = useLocation()
  const base = builderBase(pathname, uuid)
  const { loaded, fetchCourse, applySaved } = useCourse(uuid)
  const course = loaded.state === 'ready' ? loaded.course : undefined
  const { saver, status } = useCourseSaver(uuid, course?.revision, { onSaved: applySaved })
  // Every reload draws the tabs afresh from the fetched course and the edits still pending.
  const [generation, setGeneration] = useState(0)

  const redraw = useCallback(() => setGeneration((g) => g + 1), [])
  const reload = useCallback(async () => {
    const fresh = await fetchCourse()
    if (saver && !saver.hasPending) saver.setRevision(fresh.revision)
    redraw()
  }, [fetchCourse, saver, redraw])
  const coEditing = useCoEditing(uuid, saver, status, fetchCourse, redraw)

  const value = useMemo<BuilderCourse | null>(
    () =>
      course && saver
        ? {
            course,
            saver,
            base,
            canEdit: canEditCourse(course.role),
            canManage: canManageCourse(course.role),
            canPublish: canPublishCourse(course.role),
            reload,
          }
        : null,
    [course, saver, base, reload],
  )

  const tabId = (tabParam as BuilderTab | undefined) ?? 'general'
  const current = BUILDER_TABS.find((t) => t.id === tabId)
  if (!review && !current) return <NotFound />

  if (loaded.state === 'missing') {
    return (
      <Box component="section" sx={{ maxWidth: 640, mx: 'auto', py: 6 }}>
        <Alert severity="error" role="alert">
          <AlertTitle component="h1" sx={{ fontSize: '1.25rem' }}>
            {translate('aula.builder.page.notAuthorized')}
          </AlertTitle>
          {translate('aula.builder.page.notAuthorizedDetail')}
        </Alert>
        <Button component={Link} to={builderBase(pathname)} startIcon={<ArrowBack />} sx={{ mt: 2 }}>
          {translate('aula.builder.page.backToList')}
        </Button>
      </Box>
    )
  }
  if (loaded.state === 'failed') {
    return (
      <Box component="section" sx={{ maxWidth: 640, mx: 'auto', py: 6 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {translate('aula.builder.page.loadError')}
        </Typography>
        <ErrorDisplay error={loaded.error} />
        <Button onClick={() => void fetchCourse().catch(() => undefined)} sx={{ mt: 2 }}>
          {translate('aula.builder.page.retry')}
        </Button>
      </Box>
    )
  }
  if (!value) return <LinearProgress aria-label={translate('ra.page.loading')} />

  const TabPanel = review ? ReviewPanel : current?.Panel
  const name = (saver?.pendingBody('general')?.name as string | undefined) ?? value.course.name
  return (
    <CourseContext value={value}>
      <Box component="section" aria-labelledby="builder-title" sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', mb: 2 }}>
          <Button component={Link} to={builderBase(pathname)} startIcon={<ArrowBack />} size="small" sx={{ flexShrink: 0 }}>
            {translate('aula.builder.page.backToList')}
          </Button>
          <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
            <Typography id="builder-title" variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
              {name || translate('aula.builder.page.untitled')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
              <Chip size="small" label={translate('aula.builder.page.role', { role: translate(`aula.builder.list.roles.${value.course.role}`) })} />
              <SaveStatus saver={value.saver} />
            </Box>
          </Box>
          {value.course.role !== 'reviewer' && (
            // The course's staff read and moderate its discussion without a subscription (decision 0034).
            <Button component={Link} to={`/galaxy/courses/discussions/${value.course.uuid}`} startIcon={<ForumOutlined />} variant="outlined" size="small">
              {translate('aula.builder.page.discussion')}
            </Button>
          )}
          <Button component={Link} to={`${base}/review`} startIcon={<RateReviewOutlined />} variant="outlined" size="small">
            {translate('aula.builder.page.review')}
          </Button>
        </Box>
        {value.canEdit && (
          <UnsentEdits records={coEditing.orphans} tab={value.saver.store.tab} onRestore={coEditing.restore} onDiscard={(r) => void coEditing.discard(r)} />
        )}
        {coEditing.outcome && (
          <Alert severity={coEditing.outcome === 'gone' ? 'warning' : 'success'} role="status" onClose={coEditing.clearOutcome} sx={{ mb: 2 }}>
            {translate(`aula.builder.unsent.${coEditing.outcome === 'restored' ? 'restoring' : coEditing.outcome}`)}
          </Alert>
        )}
        {!value.canEdit && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('aula.builder.page.readOnly')}
          </Alert>
        )}
        {value.canEdit && !review && <ImportReportPanel uuid={uuid} />}
        {!review && <BuilderTabs base={base} current={tabId} />}
        <Paper
          component="div"
          id="builder-panel"
          role={review ? undefined : 'tabpanel'}
          aria-labelledby={review ? undefined : `builder-tab-${tabId}`}
          sx={{ p: { xs: 2, md: 3 }, mt: review ? 0 : 2, minWidth: 0 }}
        >
          {TabPanel && <TabPanel key={`${review ? 'review' : tabId}#${generation}`} />}
        </Paper>
        <ConflictDialog
          key={coEditing.serial}
          open={coEditing.decision !== null}
          mode={coEditing.decision?.mode ?? 'conflict'}
          state={coEditing.decision?.state ?? { phase: 'loading' }}
          onRetry={coEditing.retry}
          onApply={coEditing.apply}
          onCancel={coEditing.cancel}
        />
      </Box>
    </CourseContext>
  )
}

function BuilderTabs({ base, current }: { base: string; current: string }) {
  const translate = useTranslate()
  const navigate = useNavigate()
  return (
    <Tabs
      value={current}
      onChange={(_, id: string) => navigate(`${base}/${id}`)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={translate('aula.builder.page.tabs')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {BUILDER_TABS.map((t) => (
        <Tab key={t.id} value={t.id} id={`builder-tab-${t.id}`} aria-controls="builder-panel" label={translate(`aula.builder.tabs.${t.id}`)} />
      ))}
    </Tabs>
  )
}
