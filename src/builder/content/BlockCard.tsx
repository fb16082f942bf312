import DragIndicatorIcon from '@mui/icons-material/DragIndicator'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import { Alert, Box, Button, CircularProgress, Divider, IconButton, ListItemText, MenuItem, Paper, Stack, Typography } from '@mui/material'
import { InPlaceMenu } from '../../ui/InPlaceMenu'
import type { DraggableProvided } from '@hello-pangea/dnd'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { BlockEditor } from './BlockEditor'
import { BlockView } from './BlockView'
import { KindIcon } from './kindIcons'
import type { Block, BlockValues } from './model'
import type { ItemStatus } from './useContentEditor'

const T = 'aula.builder.contentEditor'

/** The name a block goes by in menus, dialogs and announcements. */
export function useBlockTitle() {
  const translate = useTranslate()
  return (block: Pick<Block, 'kind' | 'values'>) =>
    block.values.title?.trim() || (block.kind === 'form' ? block.values.name?.trim() : '') || translate(`${T}.kinds.${block.kind}`)
}

export interface BlockCardProps {
  course: string
  block: Block
  index: number
  count: number
  sectionCount: number
  status?: ItemStatus
  expanded: boolean
  dragRef: DraggableProvided['innerRef']
  draggableProps: DraggableProvided['draggableProps']
  dragHandleProps: DraggableProvided['dragHandleProps']
  isDragging: boolean
  onToggle: () => void
  onChange: (values: BlockValues, hold?: boolean) => void
  onMove: (by: number) => void
  onMoveTo: () => void
  onHistory: () => void
  onDelete: () => void
  onRetry: () => void
  onDismiss: () => void
}

/**
 * One block: a drag handle, its kind and name, its saving state, an actions menu (for those who do not
 * drag) and, open, its editor; closed, a preview.
 */
export function BlockCard(props: BlockCardProps) {
  const { block, index, count, sectionCount, status, expanded, dragRef, draggableProps, dragHandleProps, isDragging } = props
  const translate = useTranslate()
  const blockTitle = useBlockTitle()
  const [menu, setMenu] = useState<HTMLElement | null>(null)
  const title = blockTitle(block)
  const kind = translate(`${T}.kinds.${block.kind}`)
  const headingId = `${block.id}-heading`
  const act = (action: () => void) => () => {
    setMenu(null)
    action()
  }
  return (
    <Paper
      ref={dragRef}
      {...draggableProps}
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      aria-busy={status?.pending ? true : undefined}
      sx={{
        mb: 1.5,
        p: { xs: 1, sm: 1.5 },
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        borderColor: status?.error ? 'error.main' : 'divider',
      }}
    >
      {/* On a phone the title takes a line of its own under the handle and the buttons, up to two lines
          long: beside them it kept about ten characters. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', minWidth: 0, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Box
          {...dragHandleProps}
          aria-label={translate(`${T}.block.drag`, { title })}
          sx={{
            display: 'flex',
            p: 0.5,
            borderRadius: 1,
            cursor: 'grab',
            color: 'text.secondary',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          <DragIndicatorIcon aria-hidden />
        </Box>
        <KindIcon kind={block.kind} fontSize="small" color="action" />
        <Box sx={{ flex: { sm: 1 }, flexBasis: { xs: '100%', sm: 0 }, minWidth: 0, order: { xs: 1, sm: 0 } }}>
          <Typography
            id={headingId}
            component="h3"
            variant="subtitle2"
            title={title}
            sx={{
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: { xs: 2, sm: 1 },
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {kind}
              {block.values.required ? ` · ${translate(`${T}.review.required`)}` : ''}
            </Typography>
            <SaveState status={status} />
          </Stack>
        </Box>
        <Button
          size="small"
          sx={{ ml: { xs: 'auto', sm: 0 } }}
          onClick={props.onToggle}
          aria-expanded={expanded}
          aria-controls={`${block.id}-body`}
          aria-describedby={headingId}
        >
          {translate(expanded ? `${T}.block.close` : `${T}.block.edit`)}
        </Button>
        <IconButton
          id={`${block.id}-actions`}
          aria-label={translate(`${T}.block.actions`, { title })}
          aria-haspopup="menu"
          onClick={(e) => setMenu(e.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <InPlaceMenu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          <MenuItem disabled={index === 0} onClick={act(() => props.onMove(-1))}>
            {translate(`${T}.block.moveUp`)}
          </MenuItem>
          <MenuItem disabled={index === count - 1} onClick={act(() => props.onMove(1))}>
            {translate(`${T}.block.moveDown`)}
          </MenuItem>
          <MenuItem disabled={sectionCount < 2} onClick={act(props.onMoveTo)}>
            {translate(`${T}.block.moveTo`)}
          </MenuItem>
          <MenuItem onClick={act(props.onHistory)}>{translate(`${T}.block.history`)}</MenuItem>
          <Divider />
          <MenuItem onClick={act(props.onDelete)} sx={{ color: 'error.main' }}>
            <ListItemText>{translate(`${T}.block.delete`)}</ListItemText>
          </MenuItem>
        </InPlaceMenu>
      </Stack>
      {status?.error && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Stack direction="row" spacing={1}>
              {status.retry && (
                <Button color="inherit" size="small" onClick={props.onRetry}>
                  {translate(`${T}.block.retry`)}
                </Button>
              )}
              <Button color="inherit" size="small" onClick={props.onDismiss}>
                {translate(`${T}.block.dismiss`)}
              </Button>
            </Stack>
          }
        >
          {translate(`${T}.block.failed`)}: {status.error}
        </Alert>
      )}
      <Box id={`${block.id}-body`} sx={{ mt: 1.5 }}>
        {expanded ? (
          <BlockEditor
            key={block.restored ?? 0}
            course={props.course}
            blockId={block.id}
            kind={block.kind}
            values={block.values}
            urls={block.urls}
            onChange={props.onChange}
          />
        ) : (
          <Box sx={{ maxHeight: 180, overflow: 'hidden', color: 'text.secondary', '& img, & video, & iframe': { maxHeight: 140 } }}>
            <BlockView kind={block.kind} values={block.values} urls={block.urls} headingLevel={4} compact />
          </Box>
        )}
      </Box>
    </Paper>
  )
}

/** "Saving…" while a write of this item is on its way, "Saved" once the last one was taken. */
export function SaveState({ status }: { status?: ItemStatus }) {
  const translate = useTranslate()
  if (!status || status.error) return null
  return (
    <Typography variant="caption" color="text.secondary" role="status" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      {status.pending > 0 ? (
        <>
          <CircularProgress size={12} aria-hidden />
          {translate(`${T}.block.saving`)}
        </>
      ) : (
        translate(`${T}.block.saved`)
      )}
    </Typography>
  )
}
