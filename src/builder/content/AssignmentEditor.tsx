import AddIcon from '@mui/icons-material/Add'
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined'
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { useTranslate } from 'react-admin'
import type { AssignmentValues, RubricCriterion } from '../../../contracts/courses/content'
import { MAX_ASSIGNMENT_FILE_BYTES } from '../../../contracts/courses/content'
import { maxPointsOf } from '../../../contracts/learner/assignments'
import type { BlockValues } from './model'
import { TextEditor } from './TextEditor'

const T = 'aula.builder.contentEditor.assignment'
const MB = 1024 * 1024
const localId = () => crypto.randomUUID().slice(0, 8)

type Props = { blockId: string; values: BlockValues; onChange: (values: BlockValues, hold?: boolean) => void }

/** A number typed in a field, or undefined while it is empty or not a number. */
const numberOf = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? undefined : Number(s))

/**
 * An assignment's editor: instructions (rich text), what learners hand in (file kinds, count and size,
 * a text answer), when it is due, and how it is graded (a rubric of criteria and levels, or a plain
 * maximum score), with the pass mark and the gradebook weight.
 */
export function AssignmentEditor({ blockId, values, onChange }: Props) {
  const translate = useTranslate()
  const v = values as BlockValues & Partial<AssignmentValues>
  const latest = useRef(values)
  useEffect(() => {
    latest.current = values
  }, [values])
  const set = (patch: Partial<AssignmentValues>) => onChange({ ...latest.current, ...patch })
  const [types, setTypes] = useState((v.fileTypes ?? []).join(', '))
  const rubric = v.rubric ?? []
  const setRubric = (next: RubricCriterion[]) => set({ rubric: next })
  const id = (name: string) => `${blockId}-${name}`

  return (
    <Stack spacing={2}>
      <Box>
        <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
          {translate(`${T}.instructions`)}
        </Typography>
        <TextEditor blockId={id('instructions')} values={{ html: v.instructions ?? '' }} onChange={(next) => set({ instructions: next.html ?? '' })} />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id={id('types')}
          label={translate(`${T}.fileTypes`)}
          helperText={translate(`${T}.fileTypesHelp`)}
          value={types}
          onChange={(e) => {
            setTypes(e.target.value)
            const list = e.target.value
              .split(/[\s,;]+/)
              .map((t) => t.trim().toLowerCase())
              .filter(Boolean)
            set({ fileTypes: list })
          }}
          fullWidth
        />
        <TextField
          id={id('max-files')}
          label={translate(`${T}.maxFiles`)}
          type="number"
          value={v.maxFiles ?? 1}
          onChange={(e) => set({ maxFiles: Math.max(0, Math.min(10, Math.floor(numberOf(e.target.value) ?? 0))) })}
          slotProps={{ htmlInput: { min: 0, max: 10 } }}
          sx={{ minWidth: 140 }}
        />
        <TextField
          id={id('max-size')}
          label={translate(`${T}.maxFileSize`)}
          type="number"
          value={Math.round((v.maxFileSize ?? 10 * MB) / MB)}
          onChange={(e) => set({ maxFileSize: Math.max(1, Math.min(MAX_ASSIGNMENT_FILE_BYTES / MB, Math.floor(numberOf(e.target.value) ?? 1))) * MB })}
          slotProps={{ htmlInput: { min: 1, max: MAX_ASSIGNMENT_FILE_BYTES / MB } }}
          sx={{ minWidth: 160 }}
        />
      </Stack>
      <FormControl>
        <FormLabel id={id('text-answer')}>{translate(`${T}.textAnswer`)}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={id('text-answer')}
          value={v.textAnswer ?? 'none'}
          onChange={(e) => set({ textAnswer: e.target.value as AssignmentValues['textAnswer'] })}
        >
          {(['none', 'optional', 'required'] as const).map((m) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={translate(`${T}.textAnswers.${m}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          id={id('due')}
          label={translate(`${T}.due`)}
          value={v.dueMode ?? 'none'}
          onChange={(e) => set({ dueMode: e.target.value as AssignmentValues['dueMode'] })}
          sx={{ minWidth: 240 }}
        >
          {(['none', 'date', 'days'] as const).map((m) => (
            <MenuItem key={m} value={m}>
              {translate(`${T}.dueModes.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        {v.dueMode === 'date' && (
          <TextField
            id={id('due-at')}
            label={translate(`${T}.dueAt`)}
            type="datetime-local"
            value={v.dueAt ? toLocalInput(v.dueAt) : ''}
            onChange={(e) => set({ dueAt: e.target.value ? new Date(e.target.value).toISOString() : undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        {v.dueMode === 'days' && (
          <TextField
            id={id('due-days')}
            label={translate(`${T}.dueDays`)}
            type="number"
            value={v.dueDays ?? ''}
            onChange={(e) =>
              set({ dueDays: numberOf(e.target.value) === undefined ? undefined : Math.max(1, Math.min(3650, Math.floor(Number(e.target.value)))) })
            }
            slotProps={{ htmlInput: { min: 1, max: 3650 } }}
          />
        )}
      </Stack>
      <FormControl>
        <FormLabel id={id('grading')}>{translate(`${T}.grading`)}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={id('grading')}
          value={v.grading ?? 'rubric'}
          onChange={(e) => set({ grading: e.target.value as AssignmentValues['grading'] })}
        >
          <FormControlLabel value="rubric" control={<Radio />} label={translate(`${T}.gradings.rubric`)} />
          <FormControlLabel value="points" control={<Radio />} label={translate(`${T}.gradings.points`)} />
        </RadioGroup>
      </FormControl>
      {v.grading === 'points' ? (
        <TextField
          id={id('max-score')}
          label={translate(`${T}.maxScore`)}
          type="number"
          value={v.maxScore ?? ''}
          onChange={(e) => set({ maxScore: numberOf(e.target.value) })}
          slotProps={{ htmlInput: { min: 1, max: 1000 } }}
          sx={{ maxWidth: 200 }}
        />
      ) : (
        <Stack spacing={2}>
          {rubric.map((c, i) => (
            <Paper key={c.id} variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={1}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    id={id(`criterion-${c.id}`)}
                    size="small"
                    label={translate(`${T}.criterion`, { number: i + 1 })}
                    value={c.title}
                    onChange={(e) => setRubric(rubric.map((x) => (x.id === c.id ? { ...x, title: e.target.value } : x)))}
                    slotProps={{ htmlInput: { maxLength: 300 } }}
                    fullWidth
                  />
                  <IconButton aria-label={translate(`${T}.removeCriterion`, { number: i + 1 })} onClick={() => setRubric(rubric.filter((x) => x.id !== c.id))}>
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
                {c.levels.map((l, j) => (
                  <Stack key={l.id} direction="row" spacing={1} sx={{ alignItems: 'center', pl: 2 }}>
                    <TextField
                      id={id(`level-${c.id}-${l.id}`)}
                      size="small"
                      label={translate(`${T}.level`, { number: j + 1, criterion: i + 1 })}
                      value={l.title}
                      onChange={(e) =>
                        setRubric(
                          rubric.map((x) => (x.id === c.id ? { ...x, levels: x.levels.map((y) => (y.id === l.id ? { ...y, title: e.target.value } : y)) } : x)),
                        )
                      }
                      fullWidth
                    />
                    <TextField
                      id={id(`points-${c.id}-${l.id}`)}
                      size="small"
                      type="number"
                      label={translate(`${T}.levelPoints`, { number: j + 1, criterion: i + 1 })}
                      value={l.points}
                      onChange={(e) =>
                        setRubric(
                          rubric.map((x) =>
                            x.id === c.id
                              ? {
                                  ...x,
                                  levels: x.levels.map((y) =>
                                    y.id === l.id ? { ...y, points: Math.max(0, Math.min(1000, numberOf(e.target.value) ?? 0)) } : y,
                                  ),
                                }
                              : x,
                          ),
                        )
                      }
                      slotProps={{ htmlInput: { min: 0, max: 1000 } }}
                      sx={{ width: { xs: 120, sm: 240 }, flexShrink: 0 }}
                    />
                    <IconButton
                      aria-label={translate(`${T}.removeLevel`, { number: j + 1, criterion: i + 1 })}
                      onClick={() => setRubric(rubric.map((x) => (x.id === c.id ? { ...x, levels: x.levels.filter((y) => y.id !== l.id) } : x)))}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Stack>
                ))}
                <Box>
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    onClick={() => setRubric(rubric.map((x) => (x.id === c.id ? { ...x, levels: [...x.levels, { id: localId(), title: '', points: 0 }] } : x)))}
                    disabled={c.levels.length >= 10}
                  >
                    {translate(`${T}.addLevel`)}
                  </Button>
                </Box>
              </Stack>
            </Paper>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setRubric([...rubric, { id: localId(), title: '', levels: [] }])} disabled={rubric.length >= 30}>
              {translate(`${T}.addCriterion`)}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.maxPoints`, { smart_count: maxPointsOf(v) })}
          </Typography>
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id={id('pass-mark')}
          label={translate(`${T}.passMark`)}
          type="number"
          value={v.passMark ?? 50}
          onChange={(e) => set({ passMark: Math.max(0, Math.min(100, numberOf(e.target.value) ?? 0)) })}
          slotProps={{ htmlInput: { min: 0, max: 100 } }}
          sx={{ minWidth: 240 }}
        />
        <TextField
          id={id('weight')}
          label={translate(`${T}.weight`)}
          helperText={translate(`${T}.weightHelp`)}
          type="number"
          value={v.weight ?? 1}
          onChange={(e) => set({ weight: Math.max(0, Math.min(100, numberOf(e.target.value) ?? 0)) })}
          slotProps={{ htmlInput: { min: 0, max: 100 } }}
        />
      </Stack>
    </Stack>
  )
}

/** An ISO time as a `datetime-local` field's value, in the reader's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
