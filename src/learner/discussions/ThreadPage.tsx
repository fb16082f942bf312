import { Alert, Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material'
import Close from '@mui/icons-material/Close'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDataProvider, useGetIdentity } from 'react-admin'
import { Link as RouterLink, useParams } from 'react-router-dom'
import type { DiscussionPost, StaffMember, ThreadDetail } from '../../../contracts/learner/discussions'
import type { AppDataProvider } from '../../dataProvider'
import { useTitleName } from '../../layout/DocumentTitle'
import { Loading } from '../player/parts'
import { usePlayerTexts, type PlayerTranslate } from '../player/texts'
import { Composer } from './Composer'
import { failureOf, writeFailureKey, type DiscussionFailure } from './failures'
import { discussionPath } from './paths'
import { PostCard } from './PostCard'

/**
 * One thread (`/galaxy/courses/discussions/:uuid/:thread`): its opening post and replies, the reply
 * form with quoting and mentions, accepting an answer, following, reporting, and the staff's
 * moderation (pin, lock, hide).
 */
export function ThreadPage() {
  const { uuid = '', thread = '' } = useParams<{ uuid: string; thread: string }>()
  const t = usePlayerTexts()
  if (!t) return <Loading label="…" />
  return <Thread key={thread} t={t} course={uuid} id={thread} />
}

function Thread({ t, course, id }: { t: PlayerTranslate; course: string; id: string }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const { identity } = useGetIdentity()
  const me = identity?.id === undefined ? null : String(identity.id)
  const [detail, setDetail] = useState<ThreadDetail | null>(null)
  const [replies, setReplies] = useState<DiscussionPost[]>([])
  const [token, setToken] = useState<string | null>(null)
  const [failure, setFailure] = useState<DiscussionFailure | null>(null)
  const [round, setRound] = useState(0)
  const [staffList, setStaffList] = useState<StaffMember[]>([])
  const [quote, setQuote] = useState<DiscussionPost | null>(null)
  const [sendError, setSendError] = useState<string | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  const replyBox = useRef<HTMLDivElement>(null)
  useTitleName(detail?.thread.title ?? null)

  useEffect(() => {
    let live = true
    Promise.all([dataProvider.getThread(course, id), dataProvider.listReplies(course, id)]).then(
      ([loaded, page]) => {
        if (!live) return
        setDetail(loaded)
        setReplies(page.items)
        setToken(page.paginationToken)
      },
      (error: unknown) => live && setFailure(failureOf(error)),
    )
    dataProvider.getDiscussionStaff(course).then(
      (answer) => live && setStaffList(answer.items),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, id, round])

  const more = useCallback(async () => {
    if (!token) return
    try {
      const page = await dataProvider.listReplies(course, id, token)
      setReplies((r) => [...r, ...page.items])
      setToken(page.paginationToken)
    } catch {
      setActionError(t('discussions.errors.action'))
    }
  }, [dataProvider, course, id, token, t])

  const replace = (post: DiscussionPost) => {
    if (post.opening) setDetail((d) => (d ? { ...d, opening: post } : d))
    else setReplies((list) => list.map((p) => (p.id === post.id ? post : p)))
  }

  /** A change to the thread (moderation, accepting, following) with its answer taken in. */
  async function change(action: () => Promise<ThreadDetail>) {
    setActionError(null)
    try {
      const next = await action()
      setDetail(next)
      const accepted = next.thread.answered
      if (!accepted) setReplies((list) => list.map((p) => ({ ...p, accepted: false })))
    } catch {
      setActionError(t('discussions.errors.action'))
    }
  }

  if (failure === 'refused' || failure === 'missing')
    return (
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(failure === 'refused' ? 'discussions.refused' : 'discussions.missing')}
        </Alert>
        <Button component={RouterLink} to={discussionPath(course)}>
          {t('discussions.backToList')}
        </Button>
      </Box>
    )
  if (failure)
    return (
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Alert severity="error" action={<Button onClick={() => (setFailure(null), setRound((r) => r + 1))}>{t('discussions.retry')}</Button>}>
          {t('discussions.loadError')}
        </Alert>
      </Box>
    )
  if (!detail) return <Loading label={t('discussions.loading')} />
  const { thread, staff, canAccept, following } = detail

  const actions = {
    onQuote: (post: DiscussionPost) => {
      setQuote(post)
      replyBox.current?.querySelector('textarea')?.focus()
    },
    onAccept: async (post: DiscussionPost) => {
      const next = await dataProvider.acceptAnswer(course, id, post.accepted ? null : post.id)
      setDetail(next)
      setReplies((list) => list.map((p) => ({ ...p, accepted: !post.accepted && p.id === post.id })))
    },
    onReport: async (post: DiscussionPost) => replace(await dataProvider.reportPost(course, post.id)),
    onHide: async (post: DiscussionPost) => replace(await dataProvider.hidePost(course, post.id, !post.hidden)),
    onEdit: async (post: DiscussionPost, body: string) => {
      try {
        replace(await dataProvider.editPost(course, post.id, { body, revision: post.revision }))
        return true
      } catch (error) {
        setActionError(t(writeFailureKey(error)))
        return false
      }
    },
  }

  async function send(body: string, mentions: string[]) {
    setSendError(null)
    try {
      const post = await dataProvider.replyToThread(course, id, { body, mentions, ...(quote ? { quote: quote.id } : {}) })
      setReplies((list) => (token ? list : [...list, post]))
      setDetail((d) => (d ? { ...d, thread: { ...d.thread, replies: d.thread.replies + 1 } } : d))
      setQuote(null)
      return true
    } catch (error) {
      setSendError(t(writeFailureKey(error)))
      if (failureOf(error) === 'locked') setDetail((d) => (d ? { ...d, thread: { ...d.thread, locked: true } } : d))
      return false
    }
  }

  const cardProps = { t, me, staff, canAccept, locked: thread.locked, staffList, ...actions }

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Button component={RouterLink} to={discussionPath(course)} sx={{ mb: 1 }}>
        {t('discussions.backToList')}
      </Button>
      <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
        {thread.title}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 1.5 }}>
        {thread.pinned && <Chip size="small" color="primary" label={t('discussions.pinned')} />}
        {thread.locked && <Chip size="small" label={t('discussions.locked')} />}
        {thread.answered && <Chip size="small" color="success" label={t('discussions.answered')} />}
        <Button
          variant="outlined"
          size="small"

          onClick={() =>
            void change(async () => {
              await dataProvider.followThread(course, id, !following)
              return { ...detail, following: !following }
            })
          }
        >
          {t(following ? 'discussions.actions.unfollow' : 'discussions.actions.follow')}
        </Button>
        {staff && (
          <>
            <Button size="small" onClick={() => void change(() => dataProvider.moderateThread(course, id, { pinned: !thread.pinned }))}>
              {t(thread.pinned ? 'discussions.actions.unpin' : 'discussions.actions.pin')}
            </Button>
            <Button size="small" onClick={() => void change(() => dataProvider.moderateThread(course, id, { locked: !thread.locked }))}>
              {t(thread.locked ? 'discussions.actions.unlock' : 'discussions.actions.lock')}
            </Button>
          </>
        )}
      </Stack>
      {actionError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      <PostCard {...cardProps} post={detail.opening} label={thread.title} />
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {t('discussions.replies', { smart_count: thread.replies })}
      </Typography>
      <Stack component="ol" aria-label={t('discussions.repliesLabel')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {replies.map((post) => (
          <li key={post.id}>
            <PostCard {...cardProps} post={post} label={t('discussions.by', { name: post.authorName })} />
          </li>
        ))}
      </Stack>
      {token && (
        <Button onClick={() => void more()} sx={{ mt: 2 }}>
          {t('discussions.loadMore')}
        </Button>
      )}
      <Box ref={replyBox} sx={{ mt: 3 }}>
        {thread.locked && <Alert severity="info">{t('discussions.lockedNotice')}</Alert>}
        {/* A reply refused because the thread was locked meanwhile stays on screen, so nothing typed is lost. */}
        {(!thread.locked || sendError) && (
          <Composer
            disabled={thread.locked}
            t={t}
            label={t('discussions.replyLabel')}
            staff={staffList}
            submitLabel={t('discussions.actions.reply')}
            error={sendError}
            onSubmit={send}
            quote={
              quote && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', borderLeft: 4, borderColor: 'divider', pl: 1.5 }}>
                  <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                    <strong>{t('discussions.quoting', { name: quote.authorName })}</strong> {quote.body.slice(0, 140)}
                  </Typography>
                  <IconButton aria-label={t('discussions.removeQuote')} onClick={() => setQuote(null)} size="small">
                    <Close fontSize="small" />
                  </IconButton>
                </Stack>
              )
            }
          />
        )}
      </Box>
    </Box>
  )
}
