import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material'
import { useEffect, useId, useState } from 'react'
import { useDataProvider } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { DiscussionThread } from '../../../contracts/learner/discussions'
import type { AppDataProvider } from '../../dataProvider'
import type { PlayerTranslate } from '../player/texts'
import { askAboutBlockPath, discussionPath } from './paths'

/** How many of a block's threads the player lists beside it. */
const SHOWN = 5

/**
 * The threads about one block, shown in the player under the block: the newest few as links, the way
 * to ask about the block, and to the course's whole discussion. Nothing is in the way when the
 * discussion cannot be read: the block stays as it is.
 */
export function BlockThreads({ t, course, block }: { t: PlayerTranslate; course: string; block: string }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [threads, setThreads] = useState<DiscussionThread[] | null>(null)
  const [failed, setFailed] = useState(false)
  const titleId = useId()

  useEffect(() => {
    let live = true
    dataProvider.listThreads(course, { block, limit: SHOWN }).then(
      (page) => live && setThreads(page.items),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, block])

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={titleId} component="h2" variant="h6" gutterBottom>
        {t('discussions.blockThreads')}
      </Typography>
      {failed ? (
        <Alert severity="info">{t('discussions.loadError')}</Alert>
      ) : threads === null ? (
        <Typography color="text.secondary">{t('discussions.loading')}</Typography>
      ) : threads.length === 0 ? (
        <Typography color="text.secondary">{t('discussions.noBlockThreads')}</Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ pl: 2.5, m: 0 }}>
          {threads.map((thread) => (
            <li key={thread.id}>
              <Link component={RouterLink} to={discussionPath(course, thread.id)}>
                {thread.title}
              </Link>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({t('discussions.replies', { smart_count: thread.replies })}
                {thread.answered ? ` · ${t('discussions.answered')}` : ''})
              </Typography>
            </li>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={askAboutBlockPath(course, block)} variant="outlined">
          {t('discussions.askAboutBlock')}
        </Button>
        <Button component={RouterLink} to={discussionPath(course)}>
          {t('discussions.openDiscussion')}
        </Button>
      </Stack>
    </Box>
  )
}
