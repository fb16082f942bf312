import Add from '@mui/icons-material/Add'
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined'
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined'
import Search from '@mui/icons-material/Search'
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  Chip,
  InputAdornment,
  LinearProgress,
  Pagination,
  Skeleton,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { allows, STARTERS } from '../../../contracts/access'
import { COURSE_PAGE_SIZE, type CourseFilter, type CourseSummary } from '../../../contracts/courses/creator'
import { useGroups } from '../../layout/access/groups'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'
import { useLoad } from '../../ui/useLoad'
import { builderBase } from '../page/paths'
import { ImportCartridgeDialog } from './ImportCartridgeDialog'
import { NewCourseDialog } from './NewCourseDialog'
import type { AppDataProvider } from '../../dataProvider'

const FILTERS: CourseFilter[] = ['mine', 'shared', 'all']

/** Reviewers and administrators see every course, so "all" is their natural first view. */
const defaultFilter = (groups: readonly string[]): CourseFilter => (groups.includes('reviewer') || groups.includes('admin') ? 'all' : 'mine')

/**
 * /creator/courses: the courses the creator may open, filtered (mine, shared with me, all), searched
 * and paged (the `count` route gives the pages). The filter, search and page live in the address, so
 * the back button and a shared link keep them.
 */
export function CourseList() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { groups, isPending: groupsPending } = useGroups()
  const [params, setParams] = useSearchParams()
  const filterParam = params.get('filter') as CourseFilter | null
  const filter: CourseFilter = filterParam && FILTERS.includes(filterParam) ? filterParam : defaultFilter(groups)
  const search = params.get('search') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [typed, setTyped] = useState(search)
  const [creating, setCreating] = useState(false)
  const [importing, setImporting] = useState(false)

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) {
      if (v === '' || (k === 'page' && v === '1')) next.delete(k)
      else next.set(k, v)
    }
    setParams(next, { replace: 'search' in changes })
  }

  // The search goes to the address (and so to the server) once typing pauses.
  useEffect(() => {
    if (typed === search) return
    const timer = setTimeout(() => update({ search: typed, page: '1' }), 350)
    return () => clearTimeout(timer)
  })

  const key = groupsPending ? '' : `${filter}|${search}|${page}`
  const list = useLoad(async () => {
    if (!key) return null
    const [items, count] = await Promise.all([dataProvider.getCreatorCourses(page, filter, search), dataProvider.countCreatorCourses(filter, search)])
    return { items: items.items, count: count.count }
  }, key)
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / COURSE_PAGE_SIZE)) : 1

  return (
    <Box component="section" aria-labelledby="course-list-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="course-list-title" variant="h4" component="h1">
          {translate('aula.builder.list.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {/* Importing makes the caller a course's owner: creators and administrators, as the route's policy says. */}
          {!groupsPending && allows(STARTERS, true, groups) && (
            <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)}>
              {translate('aula.builder.importCartridge.open')}
            </Button>
          )}
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {translate('aula.builder.list.newCourse')}
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Tabs
          value={filter}
          onChange={(_, value: CourseFilter) => update({ filter: value, page: '1' })}
          aria-label={translate('aula.builder.list.filters')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ flex: '1 1 auto', minWidth: 0 }}
        >
          {FILTERS.map((f) => (
            <Tab key={f} value={f} label={translate(`aula.builder.list.${f}`)} aria-controls="course-list-results" />
          ))}
        </Tabs>
        <TextField
          type="search"
          size="small"
          label={translate('aula.builder.list.search')}
          placeholder={translate('aula.builder.list.searchHint')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && update({ search: typed, page: '1' })}
          sx={{ width: { xs: '100%', sm: 300 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box id="course-list-results" aria-busy={list.isPending}>
        {list.isPending && <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mb: 2 }} />}
        {list.error ? (
          <Box>
            <ErrorDisplay error={list.error} />
            <Button onClick={list.reload} sx={{ mt: 1 }}>
              {translate('aula.builder.list.retry')}
            </Button>
          </Box>
        ) : list.isPending ? (
          <CardGrid>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={220} />
            ))}
          </CardGrid>
        ) : list.data && list.data.items.length === 0 ? (
          <Alert severity="info">
            {search
              ? translate('aula.builder.list.noMatch', { search })
              : translate(filter === 'mine' ? 'aula.builder.list.empty' : filter === 'shared' ? 'aula.builder.list.emptyShared' : 'aula.builder.list.emptyAll')}
          </Alert>
        ) : list.data ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
              {translate('aula.builder.list.count', { smart_count: list.data.count })}
            </Typography>
            <CardGrid label={translate('aula.builder.list.courses')}>
              {list.data.items.map((course) => (
                <CourseCard key={course.uuid} course={course} to={builderBase(pathname, course.uuid)} />
              ))}
            </CardGrid>
            {pages > 1 && (
              <Pagination
                sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
                count={pages}
                page={Math.min(page, pages)}
                onChange={(_, p) => update({ page: String(p) })}
                getItemAriaLabel={(type, p, selected) =>
                  type === 'page' ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: p }) : translate(`ra.navigation.${type}`)
                }
                aria-label={translate('aula.builder.list.pages')}
              />
            )}
          </>
        ) : null}
      </Box>
      <NewCourseDialog open={creating} onClose={() => setCreating(false)} onCreated={(uuid) => navigate(`${builderBase(pathname, uuid)}/general`)} />
      {importing && (
        <ImportCartridgeDialog open onClose={() => setImporting(false)} onImported={(uuid) => navigate(`${builderBase(pathname, uuid)}/content`)} />
      )}
    </Box>
  )
}

function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {children}
    </Box>
  )
}

function CourseCard({ course, to }: { course: CourseSummary; to: string }) {
  const translate = useTranslate()
  const { dateTime } = useDateFormat()
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={Link} to={to} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
          {course.coverUrl ? (
            <CardMedia component="img" image={course.coverUrl} alt="" sx={{ height: 120, objectFit: 'cover' }} />
          ) : (
            // Only a picture's stand-in: the link is named by the course, not by "No cover".
            <Box
              aria-hidden="true"
              sx={{ height: 120, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', color: 'text.secondary', gap: 1 }}
            >
              <ImageNotSupportedOutlined aria-hidden="true" />
              <Typography variant="body2">{translate('aula.builder.list.noCover')}</Typography>
            </Box>
          )}
          <CardContent sx={{ flex: 1 }}>
            <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
              {course.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('aula.builder.list.updated', { date: dateTime(course.updatedAt) })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              <Chip size="small" label={translate(`aula.builder.list.roles.${course.role}`)} />
              <Chip
                size="small"
                color={course.publishedVersion ? 'success' : 'default'}
                variant="outlined"
                label={
                  course.publishedVersion
                    ? translate('aula.builder.list.published', { version: course.publishedVersion })
                    : translate('aula.builder.list.draft')
                }
              />
              {course.status && <Chip size="small" variant="outlined" label={course.status.name} />}
            </Box>
          </CardContent>
        </CardActionArea>
      </Card>
    </Box>
  )
}
