import Download from '@mui/icons-material/Download'
import {
  Box,
  Button,
  Chip,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useNotify, useTranslate } from 'react-admin'
import type { GradebookExportQuery, GradebookPage, GradebookRow } from '../../../contracts/courses/gradebook'
import type { AppDataProvider } from '../../dataProvider'
import { LoadFailure } from '../../ui/LoadFailure'
import { useBuilderCourse } from '../common/CourseContext'
import { GradeCellView } from './GradeCellView'

const PAGE = 25
/** How long the search waits after the last key before asking. */
const SEARCH_PAUSE_MS = 400

type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; page: GradebookPage; rows: GradebookRow[]; token: string | null }

/** The learner column stays in view while the items scroll sideways (narrower on phones). */
const stickyColumn = { position: 'sticky', left: 0, minWidth: { xs: 128, sm: 180 }, maxWidth: 240 } as const
const sticky = { ...stickyColumn, zIndex: 2, bgcolor: 'background.paper' } as const

/** The learners' grades in the published course: filters, the table (learner column kept in view), more rows and the CSV. */
export function GradesTable() {
  const translate = useTranslate()
  const notify = useNotify()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { course } = useBuilderCourse()
  const [typed, setTyped] = useState('')
  const [filters, setFilters] = useState<GradebookExportQuery>({})
  const [round, setRound] = useState(0)
  const [downloading, setDownloading] = useState(false)
  // The answer is kept with the filters it is for: an answer to older filters reads as still loading.
  const key = `${JSON.stringify(filters)}#${round}`
  const [answer, setAnswer] = useState<{ key: string; loaded: Loaded }>({ key: '', loaded: { state: 'loading' } })
  const loaded: Loaded = answer.key === key ? answer.loaded : { state: 'loading' }

  useEffect(() => {
    const t = setTimeout(() => setFilters((f) => (f.search === (typed.trim() || undefined) ? f : { ...f, search: typed.trim() || undefined })), SEARCH_PAUSE_MS)
    return () => clearTimeout(t)
  }, [typed])

  useEffect(() => {
    let live = true
    dataProvider.getGradebook(course.uuid, { ...filters, sizePerPage: PAGE }).then(
      (page) => live && setAnswer({ key, loaded: { state: 'ready', page, rows: page.items, token: page.paginationToken } }),
      (error: unknown) => live && setAnswer({ key, loaded: { state: 'failed', error } }),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course.uuid, filters, key])

  const loadMore = async () => {
    if (loaded.state !== 'ready' || !loaded.token) return
    try {
      const page = await dataProvider.getGradebook(course.uuid, { ...filters, sizePerPage: PAGE, paginationToken: loaded.token })
      setAnswer({ key, loaded: { ...loaded, rows: [...loaded.rows, ...page.items], token: page.paginationToken } })
    } catch {
      notify('aula.builder.gradebook.moreFailed', { type: 'error' })
    }
  }

  const download = async () => {
    setDownloading(true)
    try {
      await dataProvider.downloadGradebook(course.uuid, filters, `${translate('aula.builder.gradebook.fileName')}.csv`)
    } catch {
      notify('aula.builder.gradebook.downloadFailed', { type: 'error' })
    } finally {
      setDownloading(false)
    }
  }

  const items = loaded.state === 'ready' ? loaded.page.gradedItems : []
  const set = (patch: Partial<GradebookExportQuery>) => setFilters((f) => ({ ...f, ...patch }))
  return (
    <Box component="section" aria-labelledby="gradebook-grades">
      <Typography id="gradebook-grades" variant="h6" component="h3">
        {translate('aula.builder.gradebook.grades')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('aula.builder.gradebook.gradesIntro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={translate('aula.builder.gradebook.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: '1 1 220px' }}
        />
        <TextField
          size="small"
          select
          label={translate('aula.builder.gradebook.completion')}
          value={filters.completion ?? ''}
          onChange={(e) => set({ completion: (e.target.value || undefined) as GradebookExportQuery['completion'] })}
          sx={{ flex: '1 1 180px' }}
        >
          <MenuItem value="">{translate('aula.builder.gradebook.anyLearner')}</MenuItem>
          <MenuItem value="completed">{translate('aula.builder.gradebook.completedOnly')}</MenuItem>
          <MenuItem value="notCompleted">{translate('aula.builder.gradebook.notCompletedOnly')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          select
          label={translate('aula.builder.gradebook.itemFilter')}
          value={filters.item && filters.itemState ? `${filters.itemState}:${filters.item}` : ''}
          onChange={(e) => {
            const [state, id] = e.target.value.split(':')
            set(id ? { item: id, itemState: state as 'ungraded' | 'failing' } : { item: undefined, itemState: undefined })
          }}
          sx={{ flex: '1 1 220px' }}
        >
          <MenuItem value="">{translate('aula.builder.gradebook.anyItem')}</MenuItem>
          {items.flatMap((i) =>
            (['ungraded', 'failing'] as const).map((state) => (
              <MenuItem key={`${state}:${i.id}`} value={`${state}:${i.id}`}>
                {translate(`aula.builder.gradebook.itemStates.${state}`, { name: i.name || translate(`aula.builder.gradebook.kinds.${i.kind}`) })}
              </MenuItem>
            )),
          )}
        </TextField>
        <Button variant="outlined" startIcon={<Download />} onClick={() => void download()} disabled={downloading}>
          {translate('aula.builder.gradebook.download')}
        </Button>
      </Box>
      {loaded.state === 'loading' && <LinearProgress aria-label={translate('aula.builder.gradebook.loadingGrades')} />}
      {loaded.state === 'failed' && <LoadFailure error={loaded.error} onRetry={() => setRound((r) => r + 1)} />}
      {loaded.state === 'ready' && loaded.rows.length === 0 && (
        <Typography role="status">
          {translate(filters.search || filters.completion || filters.item ? 'aula.builder.gradebook.noMatch' : 'aula.builder.gradebook.noLearners')}
        </Typography>
      )}
      {loaded.state === 'ready' && loaded.rows.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('aula.builder.gradebook.count', { smart_count: loaded.page.estimated })}
          </Typography>
          <TableContainer tabIndex={0} aria-labelledby="gradebook-grades" sx={{ maxHeight: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table stickyHeader size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ ...stickyColumn, zIndex: 3 }}>{translate('aula.builder.gradebook.learner')}</TableCell>
                  {items.map((i) => (
                    <TableCell key={i.id} sx={{ minWidth: 140 }}>
                      {i.name || translate(`aula.builder.gradebook.kinds.${i.kind}`)}
                      <Typography variant="caption" component="div" color="text.secondary">
                        {translate('aula.builder.gradebook.weightOf', { weight: i.weight })}
                      </Typography>
                    </TableCell>
                  ))}
                  <TableCell>{translate('aula.builder.gradebook.grade')}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{translate('aula.builder.gradebook.completionState')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {loaded.rows.map((r) => (
                  <TableRow key={r.learner.username}>
                    <TableCell component="th" scope="row" sx={sticky}>
                      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                        {r.learner.name ?? r.learner.username}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {r.learner.email ?? r.learner.username}
                      </Typography>
                    </TableCell>
                    {r.cells.map((c, n) => (
                      <TableCell key={c.item}>
                        <GradeCellView cell={c} kind={items[n].kind} />
                      </TableCell>
                    ))}
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {r.grade === null ? '—' : `${r.grade} %`}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {r.completion.completed ? (
                        <>
                          <Chip size="small" color="success" label={translate('aula.builder.gradebook.completed')} />
                          {r.completion.certificate && (
                            <Typography variant="caption" component="div">
                              {translate('aula.builder.gradebook.certificate', { code: r.completion.certificate })}
                            </Typography>
                          )}
                        </>
                      ) : (
                        translate('aula.builder.gradebook.doneOf', { done: r.completion.done, required: r.completion.required })
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {loaded.token && (
            <Button onClick={() => void loadMore()} sx={{ mt: 1 }}>
              {translate('aula.builder.gradebook.more')}
            </Button>
          )}
        </>
      )}
    </Box>
  )
}
