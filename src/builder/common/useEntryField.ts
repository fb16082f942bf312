import { useState, type ChangeEvent } from 'react'
import { useTranslate } from 'react-admin'

/** What an entry added to a list must meet. */
export interface EntryRules {
  /** The list's entries: a new one may not repeat one of them (letter case aside). */
  existing: string[]
  /** An empty field is refused as required (otherwise adding nothing is simply ignored). */
  required?: boolean
  /** The longest entry, in characters. */
  maxLength?: number
  /** How many entries the list may hold. */
  maxItems?: number
}

/**
 * A one-line field that adds an entry to a list (a keyword, a tag, a collaborator): what is typed,
 * why it was refused (gone as soon as the person types again), and the props for its `TextField`.
 */
export function useEntryField(hint?: string) {
  const translate = useTranslate()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)

  /** The trimmed entry when it meets `rules`; otherwise null, and the field says why. */
  const check = (rules: EntryRules): string | null => {
    const entry = value.trim()
    const refuse = (message: string) => (setError(message), null)
    if (!entry) return rules.required ? refuse(translate('aula.builder.validation.required')) : null
    if (rules.maxLength !== undefined && entry.length > rules.maxLength) return refuse(translate('aula.builder.validation.tooLong', { max: rules.maxLength }))
    if (rules.existing.some((e) => e.toLocaleLowerCase() === entry.toLocaleLowerCase())) return refuse(translate('aula.builder.validation.duplicate'))
    if (rules.maxItems !== undefined && rules.existing.length >= rules.maxItems)
      return refuse(translate('aula.builder.validation.tooLong', { max: rules.maxItems }))
    return entry
  }

  return {
    value,
    error,
    setError,
    check,
    /** Empties the field once its entry was taken. */
    clear: () => {
      setValue('')
      setError(null)
    },
    field: {
      value,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setValue(event.target.value)
        setError(null)
      },
      error: Boolean(error),
      helperText: error ?? hint,
    },
  }
}
