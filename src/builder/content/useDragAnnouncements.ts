import type { DragStart, DragUpdate, DropResult, ResponderProvided } from '@hello-pangea/dnd'
import { useTranslate } from 'react-admin'
import type { Section } from './model'

const T = 'aula.builder.contentEditor.dnd'

/** Drop targets of the two kinds of drag: sections among sections, blocks into a section. */
export const SECTIONS = 'sections'
export const SECTION_TYPE = 'SECTION'
export const BLOCK_TYPE = 'BLOCK'

/**
 * What the drag-and-drop library says to screen readers, in the interface language: the item lifted
 * and where it is, each place it passes over, and where it was dropped (or that the move was cancelled).
 */
export function useDragAnnouncements(sections: Section[], title: (id: string) => string) {
  const translate = useTranslate()
  const sectionTitle = (id: string) => sections.find((s) => s.id === id)?.title || translate('aula.builder.contentEditor.section.untitled')
  const countIn = (droppableId: string, sourceId: string) =>
    droppableId === SECTIONS ? sections.length : (sections.find((s) => s.id === droppableId)?.blocks.length ?? 0) + (droppableId === sourceId ? 0 : 1)

  return {
    onDragStart(start: DragStart, provided: ResponderProvided) {
      const { source, draggableId } = start
      const options = { title: title(draggableId), position: source.index + 1, count: countIn(source.droppableId, source.droppableId) }
      provided.announce(
        start.type === SECTION_TYPE
          ? translate(`${T}.liftedSection`, options)
          : translate(`${T}.liftedBlock`, { ...options, section: sectionTitle(source.droppableId) }),
      )
    },
    onDragUpdate(update: DragUpdate, provided: ResponderProvided) {
      const { destination, source } = update
      if (!destination) return provided.announce(translate(`${T}.overNothing`))
      if (destination.droppableId === source.droppableId)
        return provided.announce(translate(`${T}.overSame`, { position: destination.index + 1, count: countIn(destination.droppableId, source.droppableId) }))
      provided.announce(translate(`${T}.overOther`, { section: sectionTitle(destination.droppableId), position: destination.index + 1 }))
    },
    /** The message for the end of a drag; the caller announces it once the move is applied. */
    dropMessage(result: DropResult): string {
      const { destination, source, reason } = result
      if (reason === 'CANCEL' || !destination) return translate(`${T}.cancelled`, { position: source.index + 1 })
      if (destination.droppableId === source.droppableId)
        return translate(`${T}.droppedSame`, { position: destination.index + 1, count: countIn(destination.droppableId, source.droppableId) })
      return translate(`${T}.droppedOther`, { section: sectionTitle(destination.droppableId), position: destination.index + 1 })
    },
  }
}
