import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { useDataProvider } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { FormResult } from '../../../contracts/learner/forms'
import type { IndexBlock, PlayerPage as PageData, ProgressAnswer, SubscriptionRefusalCode } from '../../../contracts/learner/player'
import type { AppDataProvider } from '../../dataProvider'
import { refusalOf } from './refusal'
import { BlockView, SIMULATION_HEIGHT } from './blocks'
import { Loading } from './parts'
import { playerPath } from './paths'
import type { PlayerTranslate } from './texts'

interface BlockScreenProps {
  t: PlayerTranslate
  course: string
  block: IndexBlock
  position: number
  total: number
  onProgress: (answer: ProgressAnswer) => void
  onGraded: (id: string, result: FormResult) => void
  onRefused: (code: SubscriptionRefusalCode) => void
}

/**
 * One block: its page (`course/page`), recorded as opened (`metrics/re`). The way to the previous and
 * next blocks is the player's (`BlockNav`), from the index, so it is there before the page loads.
 */
export function BlockScreen({ t, course, block, position, total, onProgress, onGraded, onRefused }: BlockScreenProps) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [page, setPage] = useState<PageData | null>(null)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    let live = true
    dataProvider.getPlayerPage(course, block.id).then(
      (loaded) => live && setPage(loaded),
      (error: unknown) => {
        if (!live) return
        const code = refusalOf(error)
        if (code) onRefused(code)
        else setFailed(true)
      },
    )
    dataProvider.recordOpened(course, block.id).then(
      (answer) => live && onProgress(answer),
      (error: unknown) => {
        const code = refusalOf(error)
        if (live && code) onRefused(code)
      },
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, block.id, round, onProgress, onRefused])

  // Moving to another block puts the keyboard at its title, so reading starts there.
  useEffect(() => {
    heading.current?.focus()
  }, [])

  const title = page?.block.values.title || block.title || t(`kinds.${block.kind}`)
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {page?.section.title}
          {page?.section.title ? ' · ' : ''}
          {t('position', { n: position + 1, total })}
        </Typography>
        <Typography
          ref={heading}
          component="h1"
          variant="h4"
          tabIndex={-1}
          sx={{ outline: 'none', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
        >
          {title}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {failed ? (
          <Alert severity="error" action={<Button onClick={() => (setFailed(false), setRound((r) => r + 1))}>{t('retry')}</Button>}>
            {t('blockError')}
          </Alert>
        ) : !page ? (
          // A simulation's frame has a fixed height: holding it while the page loads keeps what follows in place.
          <Box sx={{ minHeight: block.kind === 'simulation' || block.kind === 'scorm' ? SIMULATION_HEIGHT : undefined }}>
            <Loading label={t('loadingBlock')} />
          </Box>
        ) : (
          <BlockView t={t} course={course} page={page} onProgress={onProgress} onGraded={(result) => onGraded(block.id, result)} />
        )}
      </Paper>
    </Stack>
  )
}

/**
 * Previous and next, from the course's index: drawn with the player, so they are there and in place
 * from the moment a block opens, whatever its page still loads (a simulation's frame, a video).
 */
export function BlockNav({ t, course, blocks, position }: { t: PlayerTranslate; course: string; blocks: readonly IndexBlock[]; position: number }) {
  const previous = blocks[position - 1]
  const next = blocks[position + 1]
  return (
    <Box
      component="nav"
      aria-label={t('position', { n: position + 1, total: blocks.length })}
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2 }}
    >
      {previous ? (
        <Button component={RouterLink} to={playerPath(course, previous.id)} startIcon={<ChevronLeft />} variant="outlined">
          {t('previous')}
        </Button>
      ) : (
        <span />
      )}
      {next && (
        <Button component={RouterLink} to={playerPath(course, next.id)} endIcon={<ChevronRight />} variant="contained">
          {t('next')}
        </Button>
      )}
    </Box>
  )
}
