import { Autocomplete, TextField } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'
import { T } from '../common'

interface Props<T> {
  label: string
  helperText: string
  disabled: boolean
  search: (q: string, signal: AbortSignal) => Promise<T[]>
  /** Ids already in the list: not offered again. */
  exclude: Set<string>
  idOf: (item: T) => string
  nameOf: (item: T) => string
  onPick: (item: T) => void
}

/** A search box that offers what the server finds for the typed words (a short pause after typing), and adds the one chosen. */
export function CandidatePicker<T>({ label, helperText, disabled, search, exclude, idOf, nameOf, onPick }: Props<T>) {
  const translate = useTranslate()
  const [input, setInput] = useState('')
  const [found, setFound] = useState<{ q: string; items: T[] } | null>(null)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (!open) return
    const abort = new AbortController()
    const timer = setTimeout(() => {
      search(input.trim(), abort.signal).then(
        (items) => setFound({ q: input, items }),
        () => !abort.signal.aborted && setFound({ q: input, items: [] }),
      )
    }, 250)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `search` is a fresh closure on every render; the typed text and opening say when to ask again.
  }, [input, open])

  const options = (found?.items ?? []).filter((item) => !exclude.has(idOf(item)))
  return (
    <Autocomplete<T, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
      onChange={(_, item) => {
        if (!item) return
        onPick(item)
        setInput('')
      }}
      filterOptions={(x) => x}
      getOptionLabel={nameOf}
      isOptionEqualToValue={(a, b) => idOf(a) === idOf(b)}
      getOptionKey={idOf}
      loading={open && found?.q !== input}
      loadingText={translate(`${T}.lists.searching`)}
      noOptionsText={translate(`${T}.lists.noMatches`)}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  )
}
