import SearchIcon from '@mui/icons-material/Search'
import { Alert, Box, Button, InputAdornment, Pagination, Stack, TextField, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'
import { failureText } from '../common/ConfirmAction'

export const T = 'aula.admin.courses'

/**
 * A search box that reports its text a moment after typing stops (each search is a request). The
 * placeholder is also its accessible name; Escape clears it.
 */
export function SearchBox({ value, onSearch, placeholder }: { value: string; onSearch: (text: string) => void; placeholder: string }) {
  const [text, setText] = useState(value)
  // A new value from outside (back button, a cleared search) replaces what the box shows.
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    setText(value)
  }
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => onSearch(text), 400)
    return () => clearTimeout(timer)
    // `onSearch` is a new closure on every render of the parent; only the text decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text])
  return (
    <TextField
      size="small"
      type="search"
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && text) {
          e.preventDefault()
          setText('')
        } else if (e.key === 'Enter') {
          onSearch(text)
        }
      }}
      slotProps={{
        htmlInput: { 'aria-label': placeholder, maxLength: 100 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: 360 } }}
    />
  )
}

/** Page numbers under a page-numbered list, with the number of rows in words. */
export function Pager({ page, pages, count, label, onPage }: { page: number; pages: number; count: number; label: string; onPage: (page: number) => void }) {
  const translate = useTranslate()
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ px: 2, py: 1.5, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography variant="body2" color="text.secondary" role="status">
        {translate(`${T}.total`, { smart_count: count, count: count.toLocaleString() })}
      </Typography>
      {pages > 1 && (
        <Pagination
          page={Math.min(page, pages)}
          count={pages}
          onChange={(_e, p) => onPage(p)}
          size="small"
          siblingCount={0}
          aria-label={label}
          getItemAriaLabel={(type, p, selected) =>
            type === 'page' ? translate(selected ? `${T}.paging.current` : `${T}.paging.page`, { page: p }) : translate(`${T}.paging.${type}`)
          }
        />
      )}
    </Stack>
  )
}

/** A failed load: the error's text and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const translate = useTranslate()
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate(`${T}.retry`)}
        </Button>
      }
    >
      {failureText(error, translate('aula.admin.common.failed'))}
    </Alert>
  )
}

/** What a list shows when nothing is there. */
export function Nothing({ message }: { message: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 4, px: 2 }}>
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  )
}

/** A person as a line: the name and e-mail, or the username of an account that no longer exists. */
export function personText(p: { username: string; email: string | null; name: string | null }, gone: string): string {
  if (p.email) return p.name ? `${p.name} <${p.email}>` : p.email
  return p.name ? `${p.name} (${gone})` : `${p.username} (${gone})`
}
