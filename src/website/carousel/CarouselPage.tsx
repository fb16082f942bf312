import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd'
import AddOutlined from '@mui/icons-material/AddOutlined'
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined'
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined'
import EditOutlined from '@mui/icons-material/EditOutlined'
import { Alert, Box, Button, Card, Chip, IconButton, LinearProgress, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin'
import type { Slide, SlidesReply } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { SitesLink, T, useSite, WebsitePage } from '../common'
import { SlideDialog } from './SlideDialog'

const C = `${T}.carousel`

/**
 * `/admin/{site}/carousel`: the site's slides in their order. The order changes by dragging a slide's
 * handle (mouse, touch, or keyboard: space, arrows, space) or with the Move up / Move down buttons;
 * each change is saved with the carousel's order revision, so a stale order is refused (409).
 */
export function CarouselPage() {
  const translate = useTranslate()
  const notify = useNotify()
  const site = useSite()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { data, error, isPending, reload } = useLoad(() => dataProvider.listSlides(site), `slides:${site}`)
  // The order as last saved or being saved (the list moves at once; a refusal reloads it).
  const [local, setLocal] = useState<SlidesReply | null>(null)
  const [editing, setEditing] = useState<Slide | 'new' | null>(null)
  const [removing, setRemoving] = useState<Slide | null>(null)
  const current = local && data && local.orderRevision >= data.orderRevision ? local : data

  const move = async (from: number, to: number) => {
    if (!current || from === to || to < 0 || to >= current.items.length) return
    const items = [...current.items]
    const [moved] = items.splice(from, 1)
    items.splice(to, 0, moved!)
    setLocal({ items, orderRevision: current.orderRevision })
    try {
      setLocal(
        await dataProvider.orderSlides(
          site,
          items.map((s) => s.id),
          current.orderRevision,
        ),
      )
      notify(`${C}.ordered`, { type: 'success' })
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' })
      setLocal(null)
      reload()
    }
  }
  const onDragEnd = (result: DropResult) => {
    if (result.destination) void move(result.source.index, result.destination.index)
  }
  const done = () => {
    setEditing(null)
    setLocal(null)
    reload()
  }
  const remove = async () => {
    const slide = removing
    setRemoving(null)
    if (!slide) return
    try {
      await dataProvider.deleteSlide(site, slide.id, slide.revision)
      notify(`${C}.removed`, { type: 'success' })
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' })
    }
    done()
  }

  return (
    <WebsitePage
      title={translate(`${C}.title`)}
      intro={translate(`${C}.intro`)}
      actions={
        <>
          <SitesLink />
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')} disabled={!data}>
            {translate(`${C}.add`)}
          </Button>
        </>
      }
    >
      {error ? (
        <LoadFailure error={error} onRetry={reload} />
      ) : isPending || !current ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : current.items.length === 0 ? (
        <Alert severity="info">{translate(`${C}.empty`)}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" id="carousel-drag-help" sx={{ mb: 1 }}>
            {translate(`${C}.dragHelp`)}
          </Typography>
          <DragDropContext onDragEnd={onDragEnd}>
            <Droppable droppableId="slides">
              {(drop) => (
                <Stack
                  component="ol"
                  ref={drop.innerRef}
                  {...drop.droppableProps}
                  aria-label={translate(`${C}.listLabel`)}
                  spacing={1}
                  sx={{ listStyle: 'none', p: 0, m: 0 }}
                >
                  {current.items.map((slide, index) => (
                    <Draggable key={slide.id} draggableId={slide.id} index={index}>
                      {(drag) => (
                        <Box component="li" ref={drag.innerRef} {...drag.draggableProps}>
                          <SlideRow
                            slide={slide}
                            first={index === 0}
                            last={index === current.items.length - 1}
                            handle={
                              <IconButton
                                {...drag.dragHandleProps}
                                component="span"
                                aria-label={translate(`${C}.handle`, { title: slide.title })}
                                aria-describedby="carousel-drag-help"
                                size="small"
                              >
                                <DragIndicatorOutlined />
                              </IconButton>
                            }
                            onUp={() => void move(index, index - 1)}
                            onDown={() => void move(index, index + 1)}
                            onEdit={() => setEditing(slide)}
                            onRemove={() => setRemoving(slide)}
                          />
                        </Box>
                      )}
                    </Draggable>
                  ))}
                  {drop.placeholder}
                </Stack>
              )}
            </Droppable>
          </DragDropContext>
        </>
      )}
      {editing && <SlideDialog site={site} slide={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={done} />}
      <Confirm
        isOpen={removing !== null}
        title={translate(`${C}.removeTitle`, { title: removing?.title ?? '' })}
        content={translate(`${C}.removeText`)}
        confirm={translate(`${C}.remove`)}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </WebsitePage>
  )
}

/** Whether a slide shows now, later, or no more. */
function Timing({ slide }: { slide: Slide }) {
  const translate = useTranslate()
  // The server says whether it shows now; a slide not shown is to come when its start is still ahead.
  const [now] = useState(() => Date.now())
  const upcoming = !slide.live && slide.startsAt !== null && Date.parse(slide.startsAt) > now
  const label = slide.live ? `${C}.live` : upcoming ? `${C}.upcoming` : `${C}.ended`
  return <Chip size="small" color={slide.live ? 'success' : 'default'} variant={slide.live ? 'filled' : 'outlined'} label={translate(label)} />
}

interface RowProps {
  slide: Slide
  first: boolean
  last: boolean
  handle: React.ReactNode
  onUp: () => void
  onDown: () => void
  onEdit: () => void
  onRemove: () => void
}

function SlideRow({ slide, first, last, handle, onUp, onDown, onEdit, onRemove }: RowProps) {
  const translate = useTranslate()
  return (
    <Card variant="outlined" sx={{ p: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      {handle}
      {slide.imageUrl ? (
        <Box component="img" src={slide.imageUrl} alt="" sx={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
      ) : (
        <Box sx={{ width: 96, height: 54, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(`${C}.noImage`)}
          </Typography>
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {slide.title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
          <Timing slide={slide} />
          {slide.startsAt && (
            <Typography variant="caption" color="text.secondary">
              {translate(`${C}.from`, { date: formatDateTime(slide.startsAt) })}
            </Typography>
          )}
          {slide.endsAt && (
            <Typography variant="caption" color="text.secondary">
              {translate(`${C}.until`, { date: formatDateTime(slide.endsAt) })}
            </Typography>
          )}
        </Stack>
      </Box>
      <Stack direction="row" spacing={0.5}>
        <IconButton onClick={onUp} disabled={first} aria-label={`${translate(`${C}.moveUp`)}: ${slide.title}`}>
          <ArrowUpwardOutlined />
        </IconButton>
        <IconButton onClick={onDown} disabled={last} aria-label={`${translate(`${C}.moveDown`)}: ${slide.title}`}>
          <ArrowDownwardOutlined />
        </IconButton>
        <IconButton onClick={onEdit} aria-label={`${translate(`${C}.edit`)}: ${slide.title}`}>
          <EditOutlined />
        </IconButton>
        <IconButton onClick={onRemove} aria-label={`${translate(`${C}.remove`)}: ${slide.title}`}>
          <DeleteOutlined />
        </IconButton>
      </Stack>
    </Card>
  )
}
