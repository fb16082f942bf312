import { Box, Button, Stack, TextField, Typography } from '@mui/material'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslate } from 'react-admin'
import { PRESETS, matchingPreset, presetRange, todayIso, validateRange } from './dateRange'
import type { DateRange } from './types'

export interface DateRangePickerProps {
  /** The period shown, ISO dates (`YYYY-MM-DD`), both ends included. */
  value: DateRange
  /** Called with a valid period only: on a quick period's click, or when the typed dates are applied. */
  onChange: (range: DateRange) => void
  /** The group's visible name; "Period" when absent. */
  label?: string
}

/**
 * A period picker: quick periods (last 7, 30, 90 days, this year) applied at once, and two date fields
 * applied with the button (or Enter), so a half-typed date never reloads the charts. Typed dates are
 * checked (required, real days, not after today, start before end, at most three years) and each field
 * says what is wrong once it has been left or the form sent.
 */
export function DateRangePicker({ value, onChange, label }: DateRangePickerProps) {
  const translate = useTranslate()
  const today = todayIso()
  const legendId = useId()
  const [draft, setDraft] = useState(value)
  const [seen, setSeen] = useState(value)
  const [touched, setTouched] = useState({ from: false, to: false })
  const fromRef = useRef<HTMLInputElement>(null)
  const toRef = useRef<HTMLInputElement>(null)
  // A new period from outside (a quick period, the address) replaces what was typed.
  if (seen.from !== value.from || seen.to !== value.to) {
    setSeen(value)
    setDraft(value)
    setTouched({ from: false, to: false })
  }
  const errors = validateRange(draft, today)
  const active = matchingPreset(value, today)
  const message = (field: 'from' | 'to') => {
    const error = touched[field] ? errors[field] : undefined
    return error ? translate(`aula.charts.range.errors.${error}`, { today }) : undefined
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched({ from: true, to: true })
    if (errors.from) return fromRef.current?.focus()
    if (errors.to) return toRef.current?.focus()
    if (draft.from !== value.from || draft.to !== value.to) onChange(draft)
  }

  const field = (name: 'from' | 'to') => {
    const helper = message(name)
    return (
      <TextField
        type="date"
        size="small"
        label={translate(`aula.charts.range.${name}`)}
        value={draft[name]}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
        error={Boolean(helper)}
        helperText={helper}
        inputRef={name === 'from' ? fromRef : toRef}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        // The browser's own calendar button follows the theme (it would stay black on dark paper).
        sx={{ minWidth: 0, flex: { xs: '1 1 100%', sm: '0 1 12rem' }, '& input': { colorScheme: (theme) => theme.palette.mode } }}
      />
    )
  }

  return (
    <Box role="group" aria-labelledby={legendId} sx={{ minWidth: 0 }}>
      <Typography id={legendId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label ?? translate('aula.charts.range.legend')}
      </Typography>
      <Stack direction="row" role="group" aria-label={translate('aula.charts.range.presets')} useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            size="small"
            variant={active === preset ? 'contained' : 'outlined'}
            aria-pressed={active === preset}
            onClick={() => onChange(presetRange(preset, today))}
          >
            {translate(`aula.charts.range.${preset}`)}
          </Button>
        ))}
      </Stack>
      <Stack component="form" noValidate onSubmit={submit} direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {field('from')}
        {field('to')}
        <Button type="submit" variant="outlined" sx={{ mt: { sm: 0.25 }, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
          {translate('aula.charts.range.apply')}
        </Button>
      </Stack>
    </Box>
  )
}
