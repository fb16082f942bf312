import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { locate, type Block, type Section } from './model'

const T = 'aula.builder.contentEditor'

/** "Move to section…": the menu way of moving a block between sections, for those who do not drag. */
export function MoveDialog({
  block,
  title,
  sections,
  onClose,
  onMove,
}: {
  block: Block
  title: string
  sections: Section[]
  onClose: () => void
  onMove: (section: string, index: number) => void
}) {
  const translate = useTranslate()
  const from = locate(sections, block.id)
  const others = sections.filter((s) => s.id !== from?.section.id)
  const [target, setTarget] = useState(others[0]?.id ?? '')
  const targetSection = sections.find((s) => s.id === target)
  const places = (targetSection?.blocks.length ?? 0) + 1
  const [position, setPosition] = useState<number | ''>('')
  const chosen = position === '' || position >= places ? places - 1 : position
  return (
    <Dialog open onClose={onClose} aria-labelledby="move-block-title" fullWidth maxWidth="xs">
      <DialogTitle id="move-block-title">{translate(`${T}.moveDialog.title`, { title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl fullWidth>
            <InputLabel id="move-block-section-label">{translate(`${T}.moveDialog.section`)}</InputLabel>
            <Select
              labelId="move-block-section-label"
              label={translate(`${T}.moveDialog.section`)}
              value={target}
              onChange={(e) => {
                setTarget(e.target.value)
                setPosition('')
              }}
            >
              {others.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.title.trim() || translate(`${T}.section.untitled`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl fullWidth>
            <InputLabel id="move-block-position-label">{translate(`${T}.moveDialog.position`)}</InputLabel>
            <Select
              labelId="move-block-position-label"
              label={translate(`${T}.moveDialog.position`)}
              value={chosen}
              onChange={(e) => setPosition(Number(e.target.value))}
            >
              {Array.from({ length: places }, (_, i) => (
                <MenuItem key={i} value={i}>
                  {translate(`${T}.moveDialog.positionAt`, { position: i + 1, count: places })}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${T}.moveDialog.cancel`)}</Button>
        <Button variant="contained" disabled={!target} onClick={() => onMove(target, chosen)}>
          {translate(`${T}.moveDialog.submit`)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
