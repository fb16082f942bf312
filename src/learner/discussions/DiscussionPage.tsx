import PushPin from '@mui/icons-material/PushPin'
import Lock from '@mui/icons-material/Lock'
import CheckCircle from '@mui/icons-material/CheckCircle'
import Search from '@mui/icons-material/Search'
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Stack, TextField, Typography } from '@mui/material'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useDataProvider } from 'react-admin'
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import type { DiscussionThread, StaffMember } from '../../../contracts/learner/discussions'
import type { AppDataProvider } from '../../dataProvider'
import { playerPath } from '../player/paths'
import { Loading } from '../player/parts'
import { usePlayerTexts, type PlayerTranslate } from '../player/texts'
import { Composer } from './Composer'
import { failureOf, writeFailureKey, type DiscussionFailure } from './failures'
import { discussionPath } from './paths'
import { ReportedList } from './ReportedList'

/**
 * A course's discussion (`/galaxy/courses/discussions/:uuid`): its threads, pinned first and then the
 * newest activity, a search in titles and posts, and the form for a new question (about the course,
 * or about the block named by `?ask=`). Course staff also reach the reported posts from here.
 */
export function DiscussionPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const t = usePlayerTexts()
  if (!t) return <Loading label="…" />
  return <Discussion key={uuid} t={t} course={uuid} />
}

interface Page {
  items: DiscussionThread[]
  token: string | null
}

function Discussion({ t, course }: { t: PlayerTranslate; course: string }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const ask = params.get('ask')
  const [search, setSearch] = useState('')
  const [applied, setApplied] = useState('')
  const [page, setPage] = useState<Page | null>(null)
  const [failure, setFailure] = useState<DiscussionFailure | null>(null)
  const [round, setRound] = useState(0)
  const [staffList, setStaffList] = useState<StaffMember[]>([])
  const [isStaff, setIsStaff] = useState(false)
  const [asking, setAsking] = useState(ask !== null)
  const [showReported, setShowReported] = useState(false)
  const [title, setTitle] = useState('')
  const [sendError, setSendError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    dataProvider.listThreads(course, { search: applied }).then(
      (loaded) => live && setPage({ items: loaded.items, token: loaded.paginationToken }),
      (error: unknown) => live && setFailure(failureOf(error)),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, applied, round])

  useEffect(() => {
    let live = true
    dataProvider.getDiscussionStaff(course).then(
      (answer) => {
        if (!live) return
        setStaffList(answer.items)
        setIsStaff(answer.staff)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [dataProvider, course])

  const more = useCallback(async () => {
    if (!page?.token) return
    try {
      const next = await dataProvider.listThreads(course, { search: applied, paginationToken: page.token })
      setPage({ items: [...page.items, ...next.items], token: next.paginationToken })
    } catch (error) {
      setFailure(failureOf(error))
    }
  }, [dataProvider, course, applied, page])

  function find(event: FormEvent) {
    event.preventDefault()
    setPage(null)
    setFailure(null)
    setApplied(search)
  }

  async function start(body: string, mentions: string[]) {
    setSendError(null)
    if (!title.trim()) {
      setSendError(t('discussions.errors.empty'))
      return false
    }
    try {
      const made = await dataProvider.startThread(course, { title, body, mentions, ...(ask ? { blockId: ask } : {}) })
      setTitle('')
      navigate(discussionPath(course, made.thread.id))
      return true
    } catch (error) {
      setSendError(t(writeFailureKey(error)))
      return false
    }
  }

  if (failure === 'refused' || failure === 'missing')
    return (
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('discussions.title')}
        </Typography>
        <Alert severity="info">{t(failure === 'refused' ? 'discussions.refused' : 'discussions.missing')}</Alert>
      </Box>
    )

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography component="h1" variant="h5">
          {t('discussions.title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={playerPath(course)}>
            {t('discussions.backToCourse')}
          </Button>
          {isStaff && <Button onClick={() => setShowReported((v) => !v)}>{t(showReported ? 'discussions.hideReported' : 'discussions.showReported')}</Button>}
          {!asking && (
            <Button variant="contained" onClick={() => setAsking(true)}>
              {t('discussions.newThread')}
            </Button>
          )}
        </Stack>
      </Stack>

      {asking && (
        <Card variant="outlined" sx={{ mb: 3 }}>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              {t('discussions.newThread')}
            </Typography>
            {ask && <Chip label={t('discussions.aboutBlock')} sx={{ mb: 1.5 }} />}
            <Composer
              t={t}
              label={t('discussions.threadBody')}
              staff={staffList}
              submitLabel={t('discussions.post')}
              error={sendError}
              before={
                <TextField
                  label={t('discussions.threadTitle')}
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  required
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              }
              onCancel={() => {
                setAsking(false)
                if (ask) setParams({}, { replace: true })
              }}
              onSubmit={start}
            />
          </CardContent>
        </Card>
      )}

      {showReported ? (
        <ReportedList t={t} course={course} />
      ) : (
        <>
          <Box component="form" role="search" aria-label={t('discussions.search')} onSubmit={find} sx={{ display: 'flex', gap: 1, mb: 2 }}>
            <TextField label={t('discussions.search')} value={search} onChange={(e) => setSearch(e.target.value)} size="small" fullWidth type="search" />
            <Button type="submit" variant="outlined" startIcon={<Search aria-hidden="true" />}>
              {t('discussions.searchButton')}
            </Button>
          </Box>
          {failure === 'failed' ? (
            <Alert severity="error" action={<Button onClick={() => (setFailure(null), setRound((r) => r + 1))}>{t('discussions.retry')}</Button>}>
              {t('discussions.loadError')}
            </Alert>
          ) : !page ? (
            <Loading label={t('discussions.loading')} />
          ) : page.items.length === 0 ? (
            <Alert severity="info">{t(applied ? 'discussions.noResults' : 'discussions.empty')}</Alert>
          ) : (
            <Stack component="ul" aria-label={t('discussions.threadsLabel')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {page.items.map((thread) => (
                <li key={thread.id}>
                  <ThreadCard t={t} thread={thread} />
                </li>
              ))}
            </Stack>
          )}
          {page?.token && (
            <Button onClick={() => void more()} sx={{ mt: 2 }}>
              {t('discussions.loadMore')}
            </Button>
          )}
        </>
      )}
    </Box>
  )
}

/** One thread in the list: its title (the link), author, replies, and whether it is pinned, locked or answered. */
export function ThreadCard({ t, thread }: { t: PlayerTranslate; thread: DiscussionThread }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={discussionPath(thread.course, thread.id)}>
        <CardContent>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {thread.title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('discussions.by', { name: thread.authorName })} · {t('discussions.replies', { smart_count: thread.replies })}
            </Typography>
            {thread.pinned && <Chip size="small" color="primary" icon={<PushPin aria-hidden="true" />} label={t('discussions.pinned')} />}
            {thread.locked && <Chip size="small" icon={<Lock aria-hidden="true" />} label={t('discussions.locked')} />}
            {thread.answered && <Chip size="small" color="success" icon={<CheckCircle aria-hidden="true" />} label={t('discussions.answered')} />}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  )
}
