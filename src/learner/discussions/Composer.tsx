import { Alert, Box, Button, List, ListItemButton, Stack, TextField, Typography } from '@mui/material'
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { StaffMember } from '../../../contracts/learner/discussions'
import type { PlayerTranslate } from '../player/texts'

/** The `@words` being typed just before the caret, if any. */
const MENTION_AT_CARET = /(^|\s)@([\p{L}\p{N} .'-]{0,40})$/u

/** The staff whose `@Name` the text contains: the mentions a post sends (a name of anyone else stays plain text). */
export const mentionsIn = (text: string, staff: StaffMember[]) => staff.filter((s) => text.includes(`@${s.name}`)).map((s) => s.sub)

interface ComposerProps {
  t: PlayerTranslate
  label: string
  staff: StaffMember[]
  submitLabel: string
  /** Sends the text; resolves true when it was taken (the field then empties). */
  onSubmit: (body: string, mentions: string[]) => Promise<boolean>
  /** Sending is not possible (a locked thread): the text stays, to copy, but cannot be sent. */
  disabled?: boolean
  /** Extra fields above the text (the new thread's title). */
  before?: ReactNode
  /** Above the field: what the post quotes. */
  quote?: ReactNode
  initial?: string
  onCancel?: () => void
  error?: string | null
}

/**
 * A text field for a post with `@` mentions of the course's staff: typing `@` and the start of a name
 * lists the staff who match, and choosing one writes their full name. The list is a set of buttons
 * under the field, reached with Tab like any other control.
 */
export function Composer({ t, label, staff, submitLabel, onSubmit, disabled, before, quote, initial = '', onCancel, error }: ComposerProps) {
  const [text, setText] = useState(initial)
  const [caret, setCaret] = useState(initial.length)
  const [sending, setSending] = useState(false)
  const [empty, setEmpty] = useState(false)
  const field = useRef<HTMLTextAreaElement>(null)
  const hintId = useId()
  const typed = MENTION_AT_CARET.exec(text.slice(0, caret))
  const matches = useMemo(() => {
    if (!typed) return []
    const start = typed[2].trim().toLowerCase()
    return staff.filter((s) => s.name.toLowerCase().startsWith(start) && !text.includes(`@${s.name}`)).slice(0, 6)
  }, [typed, staff, text])

  function pick(member: StaffMember) {
    if (!typed) return
    const start = caret - typed[2].length - 1
    const next = `${text.slice(0, start)}@${member.name} ${text.slice(caret)}`
    const at = start + member.name.length + 2
    setText(next)
    setCaret(at)
    requestAnimationFrame(() => {
      field.current?.focus()
      field.current?.setSelectionRange(at, at)
    })
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) return setEmpty(true)
    setSending(true)
    try {
      if (await onSubmit(text, mentionsIn(text, staff))) {
        setText('')
        setCaret(0)
      }
    } finally {
      setSending(false)
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={1.5}>
        {before}
        {quote}
        <TextField
          inputRef={field}
          label={label}
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setCaret(e.target.selectionStart ?? e.target.value.length)
            setEmpty(false)
          }}
          onSelect={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart ?? text.length)}
          multiline
          minRows={3}
          fullWidth
          required
          error={empty}
          helperText={empty ? t('discussions.errors.empty') : t('discussions.mentionHint')}
          slotProps={{ formHelperText: { id: hintId }, htmlInput: { maxLength: 10000 } }}
        />
        {matches.length > 0 && (
          <Box>
            <Typography variant="caption" component="p" id={`${hintId}-staff`}>
              {t('discussions.mentionList')}
            </Typography>
            <List dense aria-labelledby={`${hintId}-staff`} sx={{ py: 0 }}>
              {matches.map((m) => (
                <ListItemButton key={m.sub} onClick={() => pick(m)} aria-label={t('discussions.mentionPick', { name: m.name })}>
                  @{m.name}
                </ListItemButton>
              ))}
            </List>
          </Box>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={disabled || sending}>
            {submitLabel}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('discussions.cancel')}</Button>}
        </Stack>
      </Stack>
    </Box>
  )
}
