import AddIcon from '@mui/icons-material/Add'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import DragIndicatorIcon from '@mui/icons-material/DragIndicator'
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, IconButton, Radio, Stack, TextField, Typography } from '@mui/material'
import { useState, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { letter, shift, type QuestionProblems } from './formRules'
import { newId, type FormQuestion } from './model'

const T = 'aula.builder.contentEditor'

type Of<K extends FormQuestion['type']> = Extract<FormQuestion, { type: K }>

interface PartProps<Q extends FormQuestion> {
  idPrefix: string
  question: Q
  number: number
  problems?: QuestionProblems | null
  onChange: (change: (q: FormQuestion) => FormQuestion) => void
}

/** Changes a question known to be of one type. */
const edit =
  <Q extends FormQuestion>(onChange: PartProps<Q>['onChange']) =>
  (change: (q: Q) => Q) =>
    onChange((x) => change(x as Q))

function useV() {
  const translate = useTranslate()
  return (key?: string) => (key ? translate(`${T}.validation.${key}`) : undefined)
}

/** A labelled group of a question's answers, with the problem of the whole group under it. */
function AnswerGroup({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <Typography id={`${id}-label`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack spacing={1}>{children}</Stack>
      {error && (
        <FormHelperText error id={`${id}-error`}>
          {error}
        </FormHelperText>
      )}
    </Box>
  )
}

/** Single choice, multiple choice and true/false: the options and which are correct. */
export function ChoiceAnswers({ idPrefix, question: q, number, problems, onChange }: PartProps<Of<'single' | 'multiple' | 'boolean'>>) {
  const translate = useTranslate()
  const v = useV()
  const change = edit<Of<'single' | 'multiple' | 'boolean'>>(onChange)
  const single = q.type !== 'multiple'
  const markCorrect = (optionId: string, correct: boolean) =>
    change((x) => ({ ...x, options: x.options.map((o) => (o.id === optionId ? { ...o, correct } : single && correct ? { ...o, correct: false } : o)) }))
  return (
    <>
      <AnswerGroup id={`${idPrefix}-${q.id}-options`} label={translate(`${T}.form.options`, { number })} error={v(problems?.options)}>
        {q.options.map((o, i) =>
          q.type === 'boolean' ? (
            <FormControlLabel
              key={o.id}
              control={<Radio checked={o.correct} onChange={(e) => markCorrect(o.id, e.target.checked)} name={`${idPrefix}-${q.id}-correct`} />}
              label={`${translate(`${T}.form.${o.text === 'false' ? 'false' : 'true'}`)}${o.correct ? ` — ${translate(`${T}.form.correct`)}` : ''}`}
            />
          ) : (
            <Stack key={o.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              {single ? (
                <Radio
                  checked={o.correct}
                  onChange={(e) => markCorrect(o.id, e.target.checked)}
                  name={`${idPrefix}-${q.id}-correct`}
                  slotProps={{ input: { 'aria-label': translate(`${T}.form.correctOption`, { letter: letter(i) }) } }}
                />
              ) : (
                <Checkbox
                  checked={o.correct}
                  onChange={(e) => markCorrect(o.id, e.target.checked)}
                  slotProps={{ input: { 'aria-label': translate(`${T}.form.correctOption`, { letter: letter(i) }) } }}
                />
              )}
              <TextField
                size="small"
                label={translate(`${T}.form.option`, { letter: letter(i) })}
                slotProps={{ htmlInput: { 'aria-label': translate(`${T}.form.optionText`, { letter: letter(i), number }) } }}
                value={o.text}
                onChange={(e) => change((x) => ({ ...x, options: x.options.map((y) => (y.id === o.id ? { ...y, text: e.target.value } : y)) }))}
                error={Boolean(problems?.byOption[o.id])}
                helperText={v(problems?.byOption[o.id])}
                fullWidth
                id={`${idPrefix}-${o.id}-text`}
              />
              <IconButton
                aria-label={translate(`${T}.form.removeOption`, { letter: letter(i) })}
                disabled={q.options.length <= 2}
                onClick={() => change((x) => ({ ...x, options: x.options.filter((y) => y.id !== o.id) }))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ),
        )}
      </AnswerGroup>
      {q.type !== 'boolean' && (
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => change((x) => ({ ...x, options: [...x.options, { id: newId(), text: '', correct: false }] }))}
          >
            {translate(`${T}.form.addOption`)}
          </Button>
        </Box>
      )}
    </>
  )
}

/** Short answer: the accepted answers and how strictly they are compared. */
export function ShortAnswers({ idPrefix, question: q, number, problems, onChange }: PartProps<Of<'short'>>) {
  const translate = useTranslate()
  const v = useV()
  const change = edit<Of<'short'>>(onChange)
  return (
    <>
      <AnswerGroup id={`${idPrefix}-${q.id}-accepted`} label={translate(`${T}.form.accepted`, { number })} error={v(problems?.options)}>
        {q.accepted.map((a, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={translate(`${T}.form.acceptedAnswer`, { n: i + 1 })}
              value={a}
              onChange={(e) => change((x) => ({ ...x, accepted: x.accepted.map((y, j) => (j === i ? e.target.value : y)) }))}
              error={Boolean(problems?.byOption[String(i)])}
              helperText={v(problems?.byOption[String(i)])}
              slotProps={{ htmlInput: { maxLength: 500 } }}
              fullWidth
              id={`${idPrefix}-${q.id}-accepted-${i}`}
            />
            <IconButton
              aria-label={translate(`${T}.form.removeAccepted`, { n: i + 1 })}
              disabled={q.accepted.length <= 1}
              onClick={() => change((x) => ({ ...x, accepted: x.accepted.filter((_, j) => j !== i) }))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </AnswerGroup>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={q.accepted.length >= 20}
          onClick={() => change((x) => ({ ...x, accepted: [...x.accepted, ''] }))}
        >
          {translate(`${T}.form.addAccepted`)}
        </Button>
        <FormControlLabel
          control={<Checkbox checked={q.caseSensitive ?? false} onChange={(e) => change((x) => ({ ...x, caseSensitive: e.target.checked }))} />}
          label={translate(`${T}.form.caseSensitive`)}
        />
        <FormControlLabel
          control={<Checkbox checked={q.foldAccents ?? true} onChange={(e) => change((x) => ({ ...x, foldAccents: e.target.checked }))} />}
          label={translate(`${T}.form.foldAccents`)}
        />
      </Stack>
    </>
  )
}

/** A number field that keeps what is typed while it is not a number yet (a lone "-", "1."). */
function NumberField({
  label,
  value,
  onNumber,
  error,
  helperText,
  id,
  min,
}: {
  label: string
  value: number | undefined
  onNumber: (n: number | undefined) => void
  error?: boolean
  helperText?: string
  id: string
  min?: number
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value))
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.target.value)
        const raw = e.target.value.trim().replace(',', '.')
        onNumber(raw === '' ? undefined : Number(raw))
      }}
      error={error}
      helperText={helperText}
      slotProps={{ htmlInput: { inputMode: 'decimal', min } }}
      id={id}
      sx={{ maxWidth: 260 }}
    />
  )
}

/** Numeric: the right number and how far from it an answer may be. */
export function NumericAnswer({ idPrefix, question: q, number, problems, onChange }: PartProps<Of<'numeric'>>) {
  const translate = useTranslate()
  const v = useV()
  const change = edit<Of<'numeric'>>(onChange)
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <NumberField
        label={translate(`${T}.form.numericAnswer`, { number })}
        value={q.answer}
        onNumber={(answer) => change((x) => ({ ...x, answer }))}
        error={problems?.options === 'numericAnswer'}
        helperText={problems?.options === 'numericAnswer' ? v('numericAnswer') : undefined}
        id={`${idPrefix}-${q.id}-answer`}
      />
      <NumberField
        label={translate(`${T}.form.tolerance`)}
        value={q.tolerance}
        min={0}
        onNumber={(tolerance) => change((x) => ({ ...x, tolerance }))}
        error={problems?.options === 'tolerance'}
        helperText={problems?.options === 'tolerance' ? v('tolerance') : translate(`${T}.form.toleranceHint`)}
        id={`${idPrefix}-${q.id}-tolerance`}
      />
    </Stack>
  )
}

/** Matching: pairs of a left and its right; learners get the rights shuffled. */
export function MatchingAnswers({ idPrefix, question: q, number, problems, onChange }: PartProps<Of<'matching'>>) {
  const translate = useTranslate()
  const v = useV()
  const change = edit<Of<'matching'>>(onChange)
  const setPair = (id: string, side: 'left' | 'right', text: string) =>
    change((x) => ({ ...x, pairs: x.pairs.map((p) => (p.id === id ? { ...p, [side]: text } : p)) }))
  return (
    <>
      <AnswerGroup id={`${idPrefix}-${q.id}-pairs`} label={translate(`${T}.form.pairs`, { number })} error={v(problems?.options)}>
        {q.pairs.map((p, i) => (
          <Stack key={p.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label={translate(`${T}.form.pairLeft`, { n: i + 1 })}
              value={p.left}
              onChange={(e) => setPair(p.id, 'left', e.target.value)}
              error={Boolean(problems?.byOption[p.id]) && !p.left.trim()}
              helperText={!p.left.trim() ? v(problems?.byOption[p.id]) : undefined}
              fullWidth
              id={`${idPrefix}-${p.id}-left`}
            />
            <TextField
              size="small"
              label={translate(`${T}.form.pairRight`, { n: i + 1 })}
              value={p.right}
              onChange={(e) => setPair(p.id, 'right', e.target.value)}
              error={Boolean(problems?.byOption[p.id]) && !p.right.trim()}
              helperText={!p.right.trim() ? v(problems?.byOption[p.id]) : undefined}
              fullWidth
              id={`${idPrefix}-${p.id}-right`}
            />
            <IconButton
              aria-label={translate(`${T}.form.removePair`, { n: i + 1 })}
              disabled={q.pairs.length <= 2}
              onClick={() => change((x) => ({ ...x, pairs: x.pairs.filter((y) => y.id !== p.id) }))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </AnswerGroup>
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={q.pairs.length >= 20}
          onClick={() => change((x) => ({ ...x, pairs: [...x.pairs, { id: newId(), left: '', right: '' }] }))}
        >
          {translate(`${T}.form.addPair`)}
        </Button>
      </Box>
    </>
  )
}

/**
 * Ordering: the items in their right order (learners get them shuffled). An item moves with its up and
 * down buttons, or is dragged to its place.
 */
export function OrderingAnswers({ idPrefix, question: q, number, problems, onChange }: PartProps<Of<'ordering'>>) {
  const translate = useTranslate()
  const v = useV()
  const change = edit<Of<'ordering'>>(onChange)
  const [dragged, setDragged] = useState<number | null>(null)
  const move = (index: number, by: number) => {
    change((x) => ({ ...x, items: shift(x.items, index, by) }))
    const id = q.items[index]?.id
    requestAnimationFrame(() => document.getElementById(`${idPrefix}-${id}-${by < 0 ? 'up' : 'down'}`)?.focus())
  }
  return (
    <>
      <AnswerGroup id={`${idPrefix}-${q.id}-items`} label={translate(`${T}.form.items`, { number })} error={v(problems?.options)}>
        {q.items.map((item, i) => (
          <Stack
            key={item.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', opacity: dragged === i ? 0.5 : 1 }}
            draggable
            onDragStart={(e) => {
              setDragged(i)
              e.dataTransfer.effectAllowed = 'move'
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault()
              if (dragged !== null && dragged !== i) change((x) => ({ ...x, items: shift(x.items, dragged, i - dragged) }))
              setDragged(null)
            }}
            onDragEnd={() => setDragged(null)}
          >
            <DragIndicatorIcon color="action" sx={{ mt: 1, cursor: 'grab' }} aria-hidden="true" />
            <TextField
              size="small"
              label={translate(`${T}.form.item`, { n: i + 1 })}
              value={item.text}
              onChange={(e) => change((x) => ({ ...x, items: x.items.map((y) => (y.id === item.id ? { ...y, text: e.target.value } : y)) }))}
              error={Boolean(problems?.byOption[item.id])}
              helperText={v(problems?.byOption[item.id])}
              fullWidth
              id={`${idPrefix}-${item.id}-text`}
            />
            <IconButton
              id={`${idPrefix}-${item.id}-up`}
              aria-label={translate(`${T}.form.moveItemUp`, { n: i + 1 })}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              id={`${idPrefix}-${item.id}-down`}
              aria-label={translate(`${T}.form.moveItemDown`, { n: i + 1 })}
              disabled={i === q.items.length - 1}
              onClick={() => move(i, 1)}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={translate(`${T}.form.removeItem`, { n: i + 1 })}
              disabled={q.items.length <= 2}
              onClick={() => change((x) => ({ ...x, items: x.items.filter((y) => y.id !== item.id) }))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </AnswerGroup>
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={q.items.length >= 20}
          onClick={() => change((x) => ({ ...x, items: [...x.items, { id: newId(), text: '' }] }))}
        >
          {translate(`${T}.form.addItem`)}
        </Button>
      </Box>
    </>
  )
}

/** Essay: graded by course staff out of `maxPoints`. */
export function EssayAnswer({ idPrefix, question: q, problems, onChange }: PartProps<Of<'essay'>>) {
  const translate = useTranslate()
  const v = useV()
  const change = edit<Of<'essay'>>(onChange)
  return (
    <Stack spacing={1}>
      <NumberField
        label={translate(`${T}.form.maxPoints`)}
        value={q.maxPoints}
        min={1}
        onNumber={(maxPoints) => change((x) => ({ ...x, maxPoints: maxPoints ?? Number.NaN }))}
        error={Boolean(problems?.options)}
        helperText={v(problems?.options)}
        id={`${idPrefix}-${q.id}-points`}
      />
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.form.essayNote`)}
      </Typography>
    </Stack>
  )
}
