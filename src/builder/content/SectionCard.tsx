import AddIcon from '@mui/icons-material/Add'
import DragIndicatorIcon from '@mui/icons-material/DragIndicator'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import { Alert, Box, Button, Divider, IconButton, ListItemIcon, ListItemText, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material'
import { InPlaceMenu } from '../../ui/InPlaceMenu'
import { Draggable, Droppable, type DraggableProvided, type DraggableStateSnapshot } from '@hello-pangea/dnd'
import { useState, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { SaveState } from './BlockCard'
import { KindIcon } from './kindIcons'
import { BLOCK_KINDS, type Block, type BlockKind, type Section } from './model'
import type { ItemStatus } from './useContentEditor'
import { BLOCK_TYPE } from './useDragAnnouncements'

const T = 'aula.builder.contentEditor'

export interface SectionCardProps {
  section: Section
  index: number
  count: number
  status?: ItemStatus
  dragRef: DraggableProvided['innerRef']
  draggableProps: DraggableProvided['draggableProps']
  dragHandleProps: DraggableProvided['dragHandleProps']
  renderBlock: (block: Block, index: number, drag: DraggableProvided, snapshot: DraggableStateSnapshot) => ReactNode
  onRename: (title: string) => void
  onMove: (by: number) => void
  onDelete: () => void
  onAddBlock: (kind: BlockKind) => void
  onDismiss: () => void
}

/** A section: its title (edited in place), its actions, its blocks (a drop target) and "Add block". */
export function SectionCard(props: SectionCardProps) {
  const { section, index, count, status, dragRef, draggableProps, dragHandleProps } = props
  const translate = useTranslate()
  const [menu, setMenu] = useState<HTMLElement | null>(null)
  const [adding, setAdding] = useState<HTMLElement | null>(null)
  const title = section.title.trim() || translate(`${T}.section.untitled`)
  const headingId = `${section.id}-heading`
  const act = (action: () => void) => () => {
    setMenu(null)
    action()
  }
  return (
    <Paper ref={dragRef} {...draggableProps} component="section" aria-labelledby={headingId} elevation={1} sx={{ mb: 3, p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <Box
          {...dragHandleProps}
          aria-label={translate(`${T}.section.drag`, { title })}
          sx={{
            display: 'flex',
            p: 0.5,
            mt: 1,
            borderRadius: 1,
            cursor: 'grab',
            color: 'text.secondary',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          <DragIndicatorIcon aria-hidden />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={headingId} component="h2" variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.5, mb: 1.5 }}>
            {translate(`${T}.section.label`, { position: index + 1, title })}
          </Typography>
          <TextField
            label={translate(`${T}.section.title`)}
            value={section.title}
            onChange={(e) => props.onRename(e.target.value)}
            error={!section.title.trim()}
            helperText={!section.title.trim() ? translate(`${T}.validation.required`) : translate(`${T}.section.count`, { smart_count: section.blocks.length })}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            id={`${section.id}-title`}
            size="small"
            fullWidth
            required
          />
          <SaveState status={status} />
        </Box>
        <IconButton
          id={`${section.id}-actions`}
          aria-label={translate(`${T}.section.actions`, { title })}
          aria-haspopup="menu"
          onClick={(e) => setMenu(e.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <InPlaceMenu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          <MenuItem disabled={index === 0} onClick={act(() => props.onMove(-1))}>
            {translate(`${T}.section.moveUp`)}
          </MenuItem>
          <MenuItem disabled={index === count - 1} onClick={act(() => props.onMove(1))}>
            {translate(`${T}.section.moveDown`)}
          </MenuItem>
          <Divider />
          <MenuItem onClick={act(props.onDelete)} sx={{ color: 'error.main' }}>
            {translate(`${T}.section.delete`)}
          </MenuItem>
        </InPlaceMenu>
      </Stack>
      {status?.error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          onClose={props.onDismiss}
          slotProps={{ closeButton: { title: translate(`${T}.block.dismiss`), 'aria-label': translate(`${T}.block.dismiss`) } }}
        >
          {translate(`${T}.block.failed`)}: {status.error}
        </Alert>
      )}
      <Droppable droppableId={section.id} type={BLOCK_TYPE}>
        {(drop, dropState) => (
          <Box
            ref={drop.innerRef}
            {...drop.droppableProps}
            sx={{
              minHeight: 56,
              borderRadius: 1,
              p: 0.5,
              bgcolor: dropState.isDraggingOver ? 'action.hover' : 'transparent',
              transition: 'background-color 120ms',
            }}
          >
            {section.blocks.length === 0 && !dropState.isDraggingOver && (
              <Typography color="text.secondary" sx={{ p: 1.5 }}>
                {translate(`${T}.section.empty`)}
              </Typography>
            )}
            {section.blocks.map((block, i) => (
              <Draggable key={block.id} draggableId={block.id} index={i}>
                {(provided, snapshot) => props.renderBlock(block, i, provided, snapshot)}
              </Draggable>
            ))}
            {drop.placeholder}
          </Box>
        )}
      </Droppable>
      <Button
        startIcon={<AddIcon />}
        onClick={(e) => setAdding(e.currentTarget)}
        aria-haspopup="menu"
        aria-label={translate(`${T}.block.addTo`, { section: title })}
        sx={{ mt: 1 }}
      >
        {translate(`${T}.block.add`)}
      </Button>
      <InPlaceMenu anchorEl={adding} open={Boolean(adding)} onClose={() => setAdding(null)}>
        {BLOCK_KINDS.map((kind) => (
          <MenuItem
            key={kind}
            onClick={() => {
              setAdding(null)
              props.onAddBlock(kind)
            }}
          >
            <ListItemIcon>
              <KindIcon kind={kind} fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate(`${T}.kinds.${kind}`)}</ListItemText>
          </MenuItem>
        ))}
      </InPlaceMenu>
    </Paper>
  )
}
