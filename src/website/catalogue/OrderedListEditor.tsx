import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd'
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined'
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined'
import SaveOutlined from '@mui/icons-material/SaveOutlined'
import { Alert, Box, Button, Card, IconButton, LinearProgress, Stack, Typography } from '@mui/material'
import { useEffect, useState, type ReactNode } from 'react'
import { useNotify, useTranslate } from 'react-admin'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { fieldErrors, isStale, T } from '../common'
import { CandidatePicker } from './CandidatePicker'
import { ListConflictDialog } from './ListConflictDialog'

const L = `${T}.lists`

/** A saved list as the server answers it. */
export interface SavedList<T> {
  items: T[]
  revision: number
}

export interface OrderedListProps<T> {
  /** The texts' prefix (`aula.website.featured`…): listLabel, dragHelp, handle, empty, add, addHelp, full, saved. */
  texts: string
  /** The body field the server names in a 400 (`courses`, `careers`). */
  field: string
  loadKey: string
  load: () => Promise<SavedList<T>>
  save: (ids: string[], revision: number) => Promise<SavedList<T>>
  search: (q: string, signal: AbortSignal) => Promise<T[]>
  idOf: (item: T) => string
  nameOf: (item: T) => string
  /** What a row shows beside its handle (thumbnail, description, counts, links). */
  renderItem: (item: T) => ReactNode
  max: number
}

/**
 * A site's ordered list (featured courses, careers): loaded with its revision, changed on screen
 * (drag by the handle, Move up / Move down, Remove, Add), then saved whole with that revision. A
 * stale save opens the conflict dialog: load the saved list, or save this one over it.
 */
export function OrderedListEditor<T>(props: OrderedListProps<T>) {
  const translate = useTranslate()
  const loaded = useLoad(props.load, props.loadKey)
  // Bumped by "load the saved list", so the editor starts again from what was read.
  const [round, setRound] = useState(0)
  if (loaded.error) return <LoadFailure error={loaded.error} onRetry={loaded.reload} />
  if (loaded.isPending || !loaded.data) return <LinearProgress aria-label={translate('ra.page.loading')} />
  return (
    <Editor
      key={`${loaded.data.revision}:${round}`}
      {...props}
      initial={loaded.data}
      reload={() => {
        setRound((r) => r + 1)
        loaded.reload()
      }}
    />
  )
}

function Editor<T>({ initial, reload, ...p }: OrderedListProps<T> & { initial: SavedList<T>; reload: () => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const [saved, setSaved] = useState(initial)
  const [items, setItems] = useState(initial.items)
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ids = items.map(p.idOf)
  const dirty = ids.join() !== saved.items.map(p.idOf).join()

  // Leaving the page (closing the tab, reloading) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return
    const next = [...items]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    setItems(next)
  }
  const onDragEnd = (result: DropResult) => {
    if (result.destination) move(result.source.index, result.destination.index)
  }
  const submit = async (revision: number) => {
    setSaving(true)
    setError(null)
    try {
      const answer = await p.save(ids, revision)
      setSaved(answer)
      setItems(answer.items)
      notify(`${p.texts}.saved`, { type: 'success' })
    } catch (e) {
      if (isStale(e)) setConflict(true)
      else {
        setError(fieldErrors(e)[p.field] ?? null)
        notify(e instanceof Error ? e.message : String(e), { type: 'error' })
      }
    } finally {
      setSaving(false)
    }
  }
  /** The conflict dialog's "save mine over it": this list, with the latest revision. */
  const overwrite = async () => {
    setConflict(false)
    try {
      await submit((await p.load()).revision)
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' })
    }
  }
  const full = items.length >= p.max

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flex: 1, maxWidth: { sm: 520 } }}>
          <CandidatePicker
            label={translate(`${p.texts}.add`)}
            helperText={translate(full ? `${p.texts}.full` : `${p.texts}.addHelp`, { max: p.max })}
            disabled={full}
            search={p.search}
            exclude={new Set(ids)}
            idOf={p.idOf}
            nameOf={p.nameOf}
            onPick={(item) => setItems([...items, item])}
          />
        </Box>
        <Button variant="contained" startIcon={<SaveOutlined />} onClick={() => void submit(saved.revision)} disabled={!dirty || saving} sx={{ minHeight: 44 }}>
          {translate(`${L}.save`)}
        </Button>
      </Stack>
      {dirty && <Alert severity="warning">{translate(`${L}.unsaved`)}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {items.length === 0 ? (
        <Alert severity="info">{translate(`${p.texts}.empty`)}</Alert>
      ) : (
        <Box>
          <Typography variant="body2" color="text.secondary" id={`${p.field}-drag-help`} sx={{ mb: 1 }}>
            {translate(`${p.texts}.dragHelp`)}
          </Typography>
          <DragDropContext onDragEnd={onDragEnd}>
            <Droppable droppableId={p.field}>
              {(drop) => (
                <Stack
                  component="ol"
                  ref={drop.innerRef}
                  {...drop.droppableProps}
                  aria-label={translate(`${p.texts}.listLabel`)}
                  spacing={1}
                  sx={{ listStyle: 'none', p: 0, m: 0 }}
                >
                  {items.map((item, index) => {
                    const name = p.nameOf(item)
                    return (
                      <Draggable key={p.idOf(item)} draggableId={p.idOf(item)} index={index}>
                        {(drag) => (
                          <Box component="li" ref={drag.innerRef} {...drag.draggableProps}>
                            <Card variant="outlined" sx={{ p: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                              <IconButton
                                {...drag.dragHandleProps}
                                component="span"
                                aria-label={translate(`${p.texts}.handle`, { name })}
                                aria-describedby={`${p.field}-drag-help`}
                              >
                                <DragIndicatorOutlined />
                              </IconButton>
                              {/* On a phone the buttons wrap under the text, which keeps a readable width. */}
                              <Box sx={{ flex: '1 1 0', minWidth: { xs: 200, sm: 0 }, display: 'flex', gap: 1, alignItems: 'center' }}>
                                {p.renderItem(item)}
                              </Box>
                              <Stack direction="row" spacing={0.5} sx={{ ml: 'auto' }}>
                                <IconButton onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={`${translate(`${L}.moveUp`)}: ${name}`}>
                                  <ArrowUpwardOutlined />
                                </IconButton>
                                <IconButton
                                  onClick={() => move(index, index + 1)}
                                  disabled={index === items.length - 1}
                                  aria-label={`${translate(`${L}.moveDown`)}: ${name}`}
                                >
                                  <ArrowDownwardOutlined />
                                </IconButton>
                                <IconButton onClick={() => setItems(items.filter((_, i) => i !== index))} aria-label={`${translate(`${L}.remove`)}: ${name}`}>
                                  <DeleteOutlined />
                                </IconButton>
                              </Stack>
                            </Card>
                          </Box>
                        )}
                      </Draggable>
                    )
                  })}
                  {drop.placeholder}
                </Stack>
              )}
            </Droppable>
          </DragDropContext>
        </Box>
      )}
      <ListConflictDialog
        open={conflict}
        onLoad={() => {
          setConflict(false)
          reload()
        }}
        onOverwrite={() => void overwrite()}
      />
    </Stack>
  )
}
