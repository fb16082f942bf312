import CloseIcon from '@mui/icons-material/Close'
import { Box, Button, Chip, CircularProgress, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { useGetIdentity, useNotify, useTranslate, useDataProvider } from 'react-admin'
import { useDateFormat } from '../../ui/formatDateTime'
import { useLoad } from '../../ui/useLoad'
import { BlockView } from './BlockView'
import { LoadFailed, Loading } from './LoadStates'
import type { Block, BlockKind, HistoryEntry } from './model'
import type { AppDataProvider } from '../../dataProvider'

const T = 'aula.builder.contentEditor.history'

/**
 * Every saved version of a block, newest first: who saved it, when, and what it looked like. Restoring
 * one saves its values again as a new version, so nothing in the history is ever lost.
 */
export function HistoryDrawer(props: {
  course: string
  block: Block | null
  title: string
  onClose: () => void
  onRestore: (block: string, version: number) => Promise<boolean>
}) {
  const { block, onClose } = props
  return (
    <Drawer
      anchor="right"
      open={block !== null}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': 'block-history-title', sx: { width: { xs: '100%', sm: 480 } } } }}
    >
      {block && <HistoryList key={`${block.id}`} {...props} block={block} />}
    </Drawer>
  )
}

function HistoryList({
  course,
  block,
  title,
  onClose,
  onRestore,
}: {
  course: string
  block: Block
  title: string
  onClose: () => void
  onRestore: (block: string, version: number) => Promise<boolean>
}) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const notify = useNotify()
  const { dateTime } = useDateFormat()
  const { identity } = useGetIdentity()
  // Versions name their author as the server resolved them (name, or e-mail); an account the pool no
  // longer has keeps its username, and the creator's own read as their name.
  const author = ({ savedBy, savedByName }: Pick<HistoryEntry, 'savedBy' | 'savedByName'>) =>
    savedByName || (savedBy && identity && (savedBy === identity.username || savedBy === identity.id) ? identity.fullName || savedBy : (savedBy ?? '—'))
  // The list is fetched again after each restore (the restored values become the newest version).
  const [round, setRound] = useState(0)
  const history = useLoad(async () => (await dataProvider.getBlockHistory(course, block.id)) as HistoryEntry[], `${course}/${block.id}/${round}`)
  const [restoring, setRestoring] = useState<number | null>(null)
  const restore = async (version: number) => {
    setRestoring(version)
    const done = await onRestore(block.id, version)
    setRestoring(null)
    if (done) {
      notify(translate(`${T}.restored`, { version }), { type: 'success' })
      setRound((r) => r + 1)
    } else notify(translate(`${T}.restoreFailed`), { type: 'error' })
  }
  const items = history.data ?? []
  return (
    <Box component="section" aria-labelledby="block-history-title" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id="block-history-title" component="h2" variant="h6" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {translate(`${T}.title`, { title })}
        </Typography>
        <IconButton aria-label={translate(`${T}.close`)} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {history.isPending && <Loading text={translate(`${T}.loading`)} size={20} />}
      {history.error && <LoadFailed text={translate(`${T}.error`)} onRetry={history.reload} />}
      {history.data && items.length === 0 && <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>}
      <Stack component="ol" spacing={2} divider={<Divider />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((entry, index) => {
          const current = entry.current ?? index === 0
          return (
            <Box component="li" key={entry.version}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {translate(`${T}.version`, { version: entry.version })}
                </Typography>
                {current && <Chip size="small" color="primary" label={translate(`${T}.current`)} />}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate(`${T}.by`, { who: author(entry), when: dateTime(entry.savedAt) })}
              </Typography>
              <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 260, overflow: 'auto', mb: 1 }}>
                {entry.kind !== 'section' && <BlockView kind={entry.kind as BlockKind} values={entry.values} urls={entry.urls} headingLevel={4} compact />}
              </Box>
              {!current && (
                <Button
                  variant="outlined"
                  size="small"
                  disabled={restoring !== null}
                  onClick={() => void restore(entry.version)}
                  aria-label={translate(`${T}.restoreLabel`, { version: entry.version })}
                  startIcon={restoring === entry.version ? <CircularProgress size={14} aria-hidden /> : undefined}
                >
                  {translate(`${T}.restore`)}
                </Button>
              )}
            </Box>
          )
        })}
      </Stack>
    </Box>
  )
}
