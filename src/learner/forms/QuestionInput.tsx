import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import { Box, Checkbox, FormControlLabel, FormGroup, IconButton, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material'
import type { KeyboardEvent } from 'react'
import type { PlayerTranslate } from '../player/texts'
import type { Answer } from './answerKeeper'
import type { AttemptQuestion } from './attemptTypes'

/** The longest essay the server takes. */
export const ESSAY_MAX = 20_000

interface Props {
  t: PlayerTranslate
  question: AttemptQuestion
  legendId: string
  answer: Answer | undefined
  disabled: boolean
  onAnswer: (answer: Answer) => void
}

/** The input of one question, by its type; every control is named (the question is the group's legend). */
export function QuestionInput({ t, question: q, legendId, answer, disabled, onAnswer }: Props) {
  switch (q.type) {
    case 'single':
    case 'boolean':
    case 'multiple': {
      const chosen = Array.isArray(answer) ? answer : []
      const single = q.type !== 'multiple'
      return (
        <>
          <Typography variant="caption" color="text.secondary">
            {single ? t('form.chooseOne') : t('form.chooseMany')}
          </Typography>
          {single ? (
            <RadioGroup aria-labelledby={legendId} value={chosen[0] ?? ''} onChange={(e) => onAnswer([e.target.value])}>
              {q.options.map((o) => (
                <FormControlLabel key={o.id} value={o.id} control={<Radio />} label={o.text} disabled={disabled} />
              ))}
            </RadioGroup>
          ) : (
            <FormGroup aria-labelledby={legendId}>
              {q.options.map((o) => (
                <FormControlLabel
                  key={o.id}
                  disabled={disabled}
                  control={
                    <Checkbox
                      checked={chosen.includes(o.id)}
                      onChange={() => onAnswer(chosen.includes(o.id) ? chosen.filter((x) => x !== o.id) : [...chosen, o.id])}
                    />
                  }
                  label={o.text}
                />
              ))}
            </FormGroup>
          )}
        </>
      )
    }
    case 'short':
    case 'numeric':
      return (
        <TextField
          label={t(q.type === 'numeric' ? 'form.numberAnswer' : 'form.yourAnswer')}
          value={typeof answer === 'string' || typeof answer === 'number' ? String(answer) : ''}
          onChange={(e) => onAnswer(e.target.value)}
          disabled={disabled}
          helperText={q.type === 'numeric' ? t('form.numberHint') : undefined}
          slotProps={{ htmlInput: { maxLength: 500, inputMode: q.type === 'numeric' ? 'decimal' : 'text', autoComplete: 'off' } }}
          id={`${legendId}-answer`}
          sx={{ mt: 1, maxWidth: 480 }}
        />
      )
    case 'essay': {
      const text = typeof answer === 'string' ? answer : ''
      return (
        <TextField
          label={t('form.yourAnswer')}
          value={text}
          onChange={(e) => onAnswer(e.target.value.slice(0, ESSAY_MAX))}
          disabled={disabled}
          multiline
          minRows={5}
          fullWidth
          helperText={t('form.essayHint', { count: text.length, max: ESSAY_MAX, points: q.maxPoints ?? '' })}
          slotProps={{ htmlInput: { maxLength: ESSAY_MAX } }}
          id={`${legendId}-answer`}
          sx={{ mt: 1 }}
        />
      )
    }
    case 'matching': {
      const chosen = answer && typeof answer === 'object' && !Array.isArray(answer) ? answer : {}
      return (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {t('form.matchHint')}
          </Typography>
          {q.lefts.map((left) => (
            <TextField
              key={left.id}
              select
              label={left.text}
              value={chosen[left.id] ?? ''}
              onChange={(e) => {
                const next = { ...chosen }
                if (e.target.value) next[left.id] = e.target.value
                else delete next[left.id]
                onAnswer(next)
              }}
              disabled={disabled}
              id={`${legendId}-${left.id}`}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ maxWidth: 480 }}
            >
              <option value="">{t('form.matchNone')}</option>
              {q.rights.map((right) => (
                <option key={right.id} value={right.id}>
                  {right.text}
                </option>
              ))}
            </TextField>
          ))}
        </Stack>
      )
    }
    case 'ordering':
      return <OrderingInput t={t} items={q.items} legendId={legendId} answer={answer} disabled={disabled} onAnswer={onAnswer} />
  }
}

/** Items to put in order: each moves up or down with its buttons, or with Alt+↑/↓ while it has the focus. */
function OrderingInput({
  t,
  items,
  legendId,
  answer,
  disabled,
  onAnswer,
}: {
  t: PlayerTranslate
  items: Array<{ id: string; text: string }>
  legendId: string
  answer: Answer | undefined
  disabled: boolean
  onAnswer: (answer: string[]) => void
}) {
  const byId = new Map(items.map((i) => [i.id, i]))
  const given = Array.isArray(answer) ? answer.filter((id) => byId.has(id)) : []
  const order = given.length === items.length ? given : items.map((i) => i.id)
  const move = (index: number, by: number) => {
    const to = index + by
    if (to < 0 || to >= order.length) return
    const next = [...order]
    ;[next[index], next[to]] = [next[to]!, next[index]!]
    onAnswer(next)
    // The moved item keeps the focus where it went.
    requestAnimationFrame(() => document.getElementById(`${legendId}-item-${next[to]}`)?.focus())
  }
  const onKey = (index: number) => (event: KeyboardEvent) => {
    if (disabled || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
    event.preventDefault()
    move(index, event.key === 'ArrowUp' ? -1 : 1)
  }
  return (
    <>
      <Typography variant="caption" color="text.secondary" id={`${legendId}-hint`}>
        {t('form.orderHint')}
      </Typography>
      <Box component="ol" aria-labelledby={legendId} aria-describedby={`${legendId}-hint`} sx={{ m: 0, mt: 1, pl: 0, listStyle: 'none' }}>
        {order.map((id, index) => {
          const item = byId.get(id)!
          return (
            <Box
              component="li"
              key={id}
              id={`${legendId}-item-${id}`}
              tabIndex={disabled ? undefined : 0}
              onKeyDown={onKey(index)}
              aria-label={t('form.orderItem', { n: index + 1, text: item.text })}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, px: 1, mb: 0.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Typography component="span" sx={{ fontWeight: 600, minWidth: 24 }} aria-hidden="true">
                {index + 1}.
              </Typography>
              <Typography component="span" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                {item.text}
              </Typography>
              <IconButton size="small" disabled={disabled || index === 0} onClick={() => move(index, -1)} aria-label={t('form.moveUp', { text: item.text })}>
                <ArrowUpward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                disabled={disabled || index === order.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t('form.moveDown', { text: item.text })}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
            </Box>
          )
        })}
      </Box>
    </>
  )
}

/** Whether a question has an answer worth sending. */
export function isAnswered(q: AttemptQuestion, answer: Answer | undefined): boolean {
  if (answer === undefined) return false
  if (q.type === 'ordering') return true
  if (Array.isArray(answer)) return answer.length > 0
  if (typeof answer === 'object') return q.type === 'matching' && q.lefts.every((l) => Boolean(answer[l.id]))
  return String(answer).trim() !== ''
}
