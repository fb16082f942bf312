import AddIcon from '@mui/icons-material/Add'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { DragDropContext, Draggable, Droppable, type DropResult, type ResponderProvided } from '@hello-pangea/dnd'
import { useCallback, useState } from 'react'
import { Confirm, useTranslate } from 'react-admin'
import type { ContentSaver } from './saverTypes'
import { BlockCard, useBlockTitle } from './BlockCard'
import { HistoryDrawer } from './HistoryDrawer'
import { LoadFailed, Loading } from './LoadStates'
import { locate, type Block } from './model'
import { MoveDialog } from './MoveDialog'
import { ReviewSections } from './ReviewView'
import { SectionCard } from './SectionCard'
import { useContentEditor } from './useContentEditor'
import { SECTION_TYPE, SECTIONS, useDragAnnouncements } from './useDragAnnouncements'
import { visuallyHidden } from '../../ui/visuallyHidden'

const T = 'aula.builder.contentEditor'

/** What the editor needs of the course: the builder's `CourseDraft` fits. */
export interface ContentCourse {
  uuid: string
  role?: string
}

/**
 * The content tab of the builder: sections and their blocks, ordered by dragging (mouse, touch or
 * keyboard) or through each item's menu, every change saved through the course's saver. Reviewers
 * read the content without editing it.
 */
export function ContentEditor({ course, saver }: { course: ContentCourse; saver: ContentSaver }) {
  const translate = useTranslate()
  const message = useCallback((error: unknown) => (error instanceof Error ? error.message : String(error)), [])
  const content = useContentEditor(course.uuid, saver, message)
  const blockTitle = useBlockTitle()
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set())
  const [deleting, setDeleting] = useState<string | null>(null)
  const [moving, setMoving] = useState<Block | null>(null)
  const [history, setHistory] = useState<Block | null>(null)
  const [said, setSaid] = useState('')
  const sections = content.sections ?? []
  const titleOf = (id: string) => {
    const section = sections.find((s) => s.id === id)
    if (section) return section.title.trim() || translate(`${T}.section.untitled`)
    const at = locate(sections, id)
    return at ? blockTitle(at.section.blocks[at.index]!) : ''
  }
  const dnd = useDragAnnouncements(sections, titleOf)

  /** After a move the item may sit in another list: its actions button keeps the focus. */
  const refocus = (id: string) => requestAnimationFrame(() => document.getElementById(`${id}-actions`)?.focus())

  if (content.loadError) return <LoadFailed text={translate(`${T}.loadError`)} onRetry={content.reload} />
  if (!content.sections) return <Loading text={translate(`${T}.loading`)} padded />
  if (course.role === 'reviewer' || course.role === 'grader')
    return (
      <Stack spacing={2}>
        <Alert severity="info">{translate(`${T}.readOnly`)}</Alert>
        <ReviewSections sections={sections} />
      </Stack>
    )

  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const { destination, source, draggableId, type } = result
    if (destination && !(destination.droppableId === source.droppableId && destination.index === source.index)) {
      if (type === SECTION_TYPE) content.moveSectionTo(draggableId, destination.index)
      else content.moveBlockTo(draggableId, destination.droppableId, destination.index)
    }
    provided.announce(dnd.dropMessage(result))
  }

  const moveBlockBy = (block: Block, by: number) => {
    const at = locate(sections, block.id)
    if (!at) return
    const index = at.index + by
    content.moveBlockTo(block.id, at.section.id, index)
    setSaid(translate(`${T}.moved.up`, { position: index + 1, count: at.section.blocks.length }))
    refocus(block.id)
  }
  const moveSectionBy = (id: string, index: number) => {
    content.moveSectionTo(id, index)
    setSaid(translate(`${T}.moved.sectionOrder`, { position: index + 1, count: sections.length }))
    refocus(id)
  }
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const deletingSection = sections.find((s) => s.id === deleting)

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box>
          <Typography component="h2" variant="h6">
            {translate(`${T}.heading`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.intro`)}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => content.addSection(translate(`${T}.section.newTitle`))} sx={{ flexShrink: 0 }}>
          {translate(`${T}.section.add`)}
        </Button>
      </Stack>
      {sections.length === 0 && <Alert severity="info">{translate(`${T}.empty`)}</Alert>}
      <DragDropContext
        onDragStart={dnd.onDragStart}
        onDragUpdate={dnd.onDragUpdate}
        onDragEnd={onDragEnd}
        dragHandleUsageInstructions={translate(`${T}.dnd.instructions`)}
      >
        <Droppable droppableId={SECTIONS} type={SECTION_TYPE}>
          {(drop) => (
            <Box ref={drop.innerRef} {...drop.droppableProps}>
              {sections.map((section, index) => (
                <Draggable key={section.id} draggableId={section.id} index={index}>
                  {(drag) => (
                    <SectionCard
                      section={section}
                      index={index}
                      count={sections.length}
                      status={content.status[section.id]}
                      dragRef={drag.innerRef}
                      draggableProps={drag.draggableProps}
                      dragHandleProps={drag.dragHandleProps}
                      onRename={(title) => content.renameSection(section.id, title)}
                      onMove={(by) => moveSectionBy(section.id, index + by)}
                      onDelete={() => setDeleting(section.id)}
                      onDismiss={() => content.dismiss(section.id)}
                      onAddBlock={(kind) => {
                        const id = content.addBlock(section.id, kind)
                        setExpanded((open) => new Set(open).add(id))
                      }}
                      renderBlock={(block, i, provided, snapshot) => (
                        <BlockCard
                          course={course.uuid}
                          block={block}
                          index={i}
                          count={section.blocks.length}
                          sectionCount={sections.length}
                          status={content.status[block.id]}
                          expanded={expanded.has(block.id)}
                          dragRef={provided.innerRef}
                          draggableProps={provided.draggableProps}
                          dragHandleProps={provided.dragHandleProps}
                          isDragging={snapshot.isDragging}
                          onToggle={() => toggle(block.id)}
                          onChange={(values, hold) => content.editBlock(block.id, values, hold)}
                          onMove={(by) => moveBlockBy(block, by)}
                          onMoveTo={() => setMoving(block)}
                          onHistory={() => setHistory(block)}
                          onDelete={() => setDeleting(block.id)}
                          onRetry={() => content.retry(block.id)}
                          onDismiss={() => content.dismiss(block.id)}
                        />
                      )}
                    />
                  )}
                </Draggable>
              ))}
              {drop.placeholder}
            </Box>
          )}
        </Droppable>
      </DragDropContext>
      {sections.length > 0 && (
        <Button startIcon={<AddIcon />} onClick={() => content.addSection(translate(`${T}.section.newTitle`))}>
          {translate(`${T}.section.add`)}
        </Button>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {said}
      </Box>
      <Confirm
        isOpen={deleting !== null}
        title={deletingSection ? `${T}.section.deleteTitle` : `${T}.block.deleteTitle`}
        titleTranslateOptions={{ title: deleting ? titleOf(deleting) : '' }}
        content={deletingSection ? (deletingSection.blocks.length ? `${T}.section.deleteContent` : `${T}.section.deleteEmpty`) : `${T}.block.deleteContent`}
        contentTranslateOptions={{ smart_count: deletingSection?.blocks.length ?? 0 }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={() => {
          if (deleting) content.remove(deleting)
          setDeleting(null)
        }}
        onClose={() => setDeleting(null)}
      />
      {moving && (
        <MoveDialog
          block={moving}
          title={blockTitle(moving)}
          sections={sections}
          onClose={() => setMoving(null)}
          onMove={(section, index) => {
            content.moveBlockTo(moving.id, section, index)
            setSaid(translate(`${T}.moved.section`, { section: titleOf(section), position: index + 1 }))
            setMoving(null)
            refocus(moving.id)
          }}
        />
      )}
      <HistoryDrawer
        course={course.uuid}
        block={history}
        title={history ? blockTitle(history) : ''}
        onClose={() => setHistory(null)}
        onRestore={content.restore}
      />
    </Box>
  )
}
