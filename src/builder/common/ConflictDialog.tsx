import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import type { Choice, ConflictItem, Shown } from './conflicts'

export type ConflictState = { phase: 'loading' } | { phase: 'failed'; error: unknown } | { phase: 'ready'; items: ConflictItem[] }

/** A `Shown` in words: as typed, or translated (a `kind` parameter is itself a catalogue key). */
export function useShown() {
  const translate = useTranslate()
  return (shown: Shown): string => {
    if ('text' in shown) return shown.text
    const params = shown.params && typeof shown.params.kind === 'string' ? { ...shown.params, kind: translate(shown.params.kind) } : shown.params
    return translate(shown.key, params)
  }
}

/**
 * The person's choice between their unsent edits and the course as saved now, one decision per field,
 * list or block, side by side: "keep mine" or "take theirs" (or all at once). Nothing is sent until
 * every decision is made. `restore` offers the edits of a closed tab (and may be cancelled); a
 * conflict of this page cannot: its edits wait for the choice.
 */
export function ConflictDialog({
  open,
  mode,
  state,
  onRetry,
  onApply,
  onCancel,
}: {
  open: boolean
  mode: 'conflict' | 'restore'
  state: ConflictState
  onRetry: () => void
  onApply: (choices: Record<string, Choice>) => Promise<void>
  onCancel?: () => void
}) {
  const translate = useTranslate()
  const shown = useShown()
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true })
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [missing, setMissing] = useState(0)
  // Every decision starts unanswered (the page mounts the dialog afresh for each set of decisions).
  const items = state.phase === 'ready' ? state.items : []

  const chooseAll = (choice: Choice) => {
    setChoices(Object.fromEntries(items.map((i) => [i.id, choice])))
    setMissing(0)
  }
  const apply = async () => {
    const left = items.filter((i) => !choices[i.id])
    if (left.length > 0) {
      setMissing(left.length)
      // The first open decision takes the focus, so a keyboard or screen reader user lands on it.
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`input[name="conflict-${CSS.escape(left[0]!.id)}"]`)?.focus())
      return
    }
    setBusy(true)
    setError(null)
    try {
      await onApply(choices)
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }

  const title = translate(mode === 'restore' ? 'aula.builder.conflict.restoreTitle' : 'aula.builder.conflict.title')
  return (
    <Dialog
      open={open}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="builder-conflict-title"
      aria-describedby="builder-conflict-text"
      onClose={mode === 'restore' && !busy ? onCancel : undefined}
    >
      <DialogTitle id="builder-conflict-title">{title}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText id="builder-conflict-text" sx={{ mb: 2 }}>
          {translate(mode === 'restore' ? 'aula.builder.conflict.restoreIntro' : 'aula.builder.conflict.intro')}
        </DialogContentText>
        {state.phase === 'loading' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography>{translate('aula.builder.conflict.loading')}</Typography>
          </Box>
        )}
        {state.phase === 'failed' && (
          <Box>
            <Typography sx={{ mb: 1 }}>{translate('aula.builder.conflict.loadError')}</Typography>
            <ErrorDisplay error={state.error} />
            <Button onClick={onRetry} sx={{ mt: 1 }}>
              {translate('aula.builder.conflict.retry')}
            </Button>
          </Box>
        )}
        {state.phase === 'ready' && (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
              <Typography variant="subtitle2" component="p" sx={{ flex: { xs: '1 1 100%', sm: '1 1 auto' } }}>
                {translate('aula.builder.conflict.changes', { smart_count: items.length })}
              </Typography>
              <Button size="small" variant="outlined" onClick={() => chooseAll('mine')}>
                {translate('aula.builder.conflict.keepAllMine')}
              </Button>
              <Button size="small" variant="outlined" onClick={() => chooseAll('theirs')}>
                {translate('aula.builder.conflict.takeAllTheirs')}
              </Button>
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
              {items.map((item, n) => (
                <Box component="li" key={item.id}>
                  <Decision
                    item={item}
                    index={n}
                    label={shown(item.label)}
                    mine={shown(item.mine)}
                    theirs={shown(item.theirs)}
                    choice={choices[item.id]}
                    onChoose={(choice) => {
                      setChoices((c) => ({ ...c, [item.id]: choice }))
                      setMissing((m) => Math.max(0, m - (choices[item.id] ? 0 : 1)))
                    }}
                  />
                </Box>
              ))}
            </Box>
          </>
        )}
        {missing > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }} role="alert">
            {translate('aula.builder.conflict.missing', { smart_count: missing })}
          </Alert>
        )}
        {error ? (
          <Box sx={{ mt: 2 }}>
            <ErrorDisplay error={error} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mode === 'restore' && (
          <Button onClick={onCancel} disabled={busy}>
            {translate('aula.builder.conflict.cancel')}
          </Button>
        )}
        <Button variant="contained" onClick={() => void apply()} disabled={busy || state.phase !== 'ready'}>
          {translate(busy ? 'aula.builder.conflict.applying' : 'aula.builder.conflict.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** One decision: the field's two values side by side (stacked on a phone), each with its radio. */
function Decision({
  item,
  index,
  label,
  mine,
  theirs,
  choice,
  onChoose,
}: {
  item: ConflictItem
  index: number
  label: string
  mine: string
  theirs: string
  choice: Choice | undefined
  onChoose: (choice: Choice) => void
}) {
  const translate = useTranslate()
  const base = `conflict-${index}`
  const side = (which: Choice, heading: string, value: string, option: string) => (
    <Box
      sx={{
        border: 1,
        borderColor: choice === which ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 1.5,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        bgcolor: choice === which ? 'action.selected' : 'transparent',
      }}
    >
      <Typography variant="overline" component="p" id={`${base}-${which}-heading`} sx={{ lineHeight: 1.5, color: 'text.secondary' }}>
        {heading}
      </Typography>
      <Typography
        id={`${base}-${which}-value`}
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflowY: 'auto', flex: '1 1 auto' }}
        tabIndex={value.length > 280 ? 0 : undefined}
        aria-labelledby={value.length > 280 ? `${base}-${which}-heading` : undefined}
      >
        {value}
      </Typography>
      <FormControlLabel
        value={which}
        control={<Radio slotProps={{ input: { name: `conflict-${item.id}`, 'aria-describedby': `${base}-${which}-heading ${base}-${which}-value` } }} />}
        label={option}
      />
    </Box>
  )
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" id={`${base}-label`} variant="subtitle1" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <RadioGroup
        aria-labelledby={`${base}-label`}
        name={`conflict-${item.id}`}
        value={choice ?? ''}
        onChange={(_, value) => onChoose(value as Choice)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}
      >
        {side('mine', translate('aula.builder.conflict.mine'), mine, translate('aula.builder.conflict.keepMine'))}
        {side('theirs', translate('aula.builder.conflict.theirs'), theirs, translate('aula.builder.conflict.takeTheirs'))}
      </RadioGroup>
    </Box>
  )
}
