import CheckCircle from '@mui/icons-material/CheckCircle'
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material'
import { Fragment, useState, type ReactNode } from 'react'
import type { DiscussionPost, StaffMember } from '../../../contracts/learner/discussions'
import { useDateFormat } from '../../ui/formatDateTime'
import type { PlayerTranslate } from '../player/texts'
import { Composer } from './Composer'

/** A post's text as typed, line breaks kept, with the staff it mentions in bold. Never HTML. */
export function PostText({ body, mentions }: { body: string; mentions: StaffMember[] }) {
  const names = mentions.map((m) => `@${m.name}`).sort((a, b) => b.length - a.length)
  const parts: ReactNode[] = []
  let rest = body
  while (rest) {
    const hits = names.map((n) => [n, rest.indexOf(n)] as const).filter(([, i]) => i >= 0)
    if (!hits.length) break
    const [name, at] = hits.reduce((a, b) => (b[1] < a[1] ? b : a))
    parts.push(rest.slice(0, at), <strong key={parts.length}>{name}</strong>)
    rest = rest.slice(at + name.length)
  }
  parts.push(rest)
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((p, i) => (
        <Fragment key={i}>{p}</Fragment>
      ))}
    </Typography>
  )
}

export interface PostActions {
  onQuote?: (post: DiscussionPost) => void
  onAccept?: (post: DiscussionPost) => Promise<void>
  onReport?: (post: DiscussionPost) => Promise<void>
  onHide?: (post: DiscussionPost) => Promise<void>
  onEdit?: (post: DiscussionPost, body: string) => Promise<boolean>
}

interface PostCardProps extends PostActions {
  t: PlayerTranslate
  post: DiscussionPost
  me: string | null
  staff: boolean
  canAccept: boolean
  locked: boolean
  staffList: StaffMember[]
  /** The heading level of the thread's title is 1; a post's author line is not a heading. */
  label?: string
}

/** One post: author, date, quote, text, and what the reader may do with it. */
export function PostCard({ t, post, me, staff, canAccept, locked, staffList, onQuote, onAccept, onReport, onHide, onEdit, label }: PostCardProps) {
  const { dateTime } = useDateFormat()
  const [editing, setEditing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const mine = me !== null && post.authorSub === me
  const placeholder = post.hidden && !staff

  const act = (action: () => Promise<void>) => () => {
    setError(null)
    action().catch(() => setError(t('discussions.errors.action')))
  }

  return (
    <Card component="article" variant="outlined" aria-label={label} sx={post.accepted ? { borderColor: 'success.main', borderWidth: 2 } : undefined}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {post.authorName}
          </Typography>
          {post.authorStaff && <Chip size="small" color="primary" variant="outlined" label={t('discussions.staff')} />}
          <Typography component="span" variant="body2" color="text.secondary">
            <time dateTime={post.createdAt}>{dateTime(post.createdAt)}</time>
            {post.editedAt && ` · ${t('discussions.edited')}`}
          </Typography>
          {post.accepted && <Chip size="small" color="success" icon={<CheckCircle aria-hidden="true" />} label={t('discussions.accepted')} />}
          {post.hidden && staff && <Chip size="small" color="warning" label={t('discussions.hiddenStaff')} />}
          {staff && post.reports > 0 && <Chip size="small" color="error" variant="outlined" label={t('discussions.reported', { smart_count: post.reports })} />}
        </Stack>
        {placeholder ? (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('discussions.hidden')}
          </Typography>
        ) : editing && onEdit ? (
          <Composer
            t={t}
            label={t('discussions.actions.edit')}
            staff={staffList}
            initial={post.body}
            submitLabel={t('discussions.actions.save')}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              const taken = await onEdit(post, body)
              if (taken) setEditing(false)
              return taken
            }}
          />
        ) : (
          <>
            {post.quote && (
              <Box component="blockquote" sx={{ m: 0, mb: 1.5, pl: 1.5, borderLeft: 4, borderColor: 'divider', color: 'text.secondary' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('discussions.quoteOf', { name: post.quote.author })}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {post.quote.excerpt}
                </Typography>
              </Box>
            )}
            <PostText body={post.body} mentions={post.mentions} />
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </CardContent>
      {!placeholder && !editing && (
        <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {onQuote && !locked && <Button onClick={() => onQuote(post)}>{t('discussions.actions.quote')}</Button>}
          {onAccept && canAccept && !post.opening && !post.hidden && (
            <Button onClick={act(() => onAccept(post))}>{t(post.accepted ? 'discussions.actions.unaccept' : 'discussions.actions.accept')}</Button>
          )}
          {onEdit && mine && !locked && <Button onClick={() => setEditing(true)}>{t('discussions.actions.edit')}</Button>}
          {onReport &&
            !mine &&
            (post.reportedByMe ? (
              <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
                {t('discussions.actions.reportedByMe')}
              </Typography>
            ) : (
              <Button color="inherit" onClick={act(() => onReport(post))}>
                {t('discussions.actions.report')}
              </Button>
            ))}
          {onHide && staff && (
            <Button color="warning" onClick={act(() => onHide(post))}>
              {t(post.hidden ? 'discussions.actions.unhide' : 'discussions.actions.hide')}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  )
}
