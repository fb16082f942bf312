import { Alert, Button, Stack, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { ReportedPage } from '../../../contracts/learner/discussions'
import type { AppDataProvider } from '../../dataProvider'
import { Loading } from '../player/parts'
import type { PlayerTranslate } from '../player/texts'
import { discussionPath } from './paths'
import { PostText } from './PostCard'

/** Course staff: the posts people reported, newest first, each with its count and a link to its thread. */
export function ReportedList({ t, course }: { t: PlayerTranslate; course: string }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [page, setPage] = useState<ReportedPage | null>(null)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)

  useEffect(() => {
    let live = true
    dataProvider.listReported(course).then(
      (loaded) => live && setPage(loaded),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, round])

  if (failed)
    return (
      <Alert severity="error" action={<Button onClick={() => (setFailed(false), setRound((r) => r + 1))}>{t('discussions.retry')}</Button>}>
        {t('discussions.loadError')}
      </Alert>
    )
  if (!page) return <Loading label={t('discussions.loading')} />
  return (
    <section aria-labelledby="reported-title">
      <Typography id="reported-title" component="h2" variant="h6" gutterBottom>
        {t('discussions.reportedTitle')}
      </Typography>
      {page.items.length === 0 ? (
        <Alert severity="info">{t('discussions.noReported')}</Alert>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {page.items.map(({ post, threadTitle }) => (
            <Stack component="li" key={post.id} spacing={0.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                {post.authorName} · {t('discussions.reported', { smart_count: post.reports })}
                {post.hidden && ` · ${t('discussions.hiddenStaff')}`}
              </Typography>
              <PostText body={post.body} mentions={post.mentions} />
              <Button component={RouterLink} to={discussionPath(course, post.threadId)} sx={{ alignSelf: 'flex-start' }}>
                {t('discussions.inThread', { title: threadTitle })}
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
    </section>
  )
}
