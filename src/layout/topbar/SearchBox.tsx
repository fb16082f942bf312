import SearchOutlined from '@mui/icons-material/SearchOutlined'
import { Box, IconButton, InputBase } from '@mui/material'
import { useState, type FormEvent } from 'react'
import { useTranslate } from 'react-admin'
import { useNavigate } from 'react-router-dom'

/** Where a search leads: the course catalogue the learner area owns, filtered by the words typed. */
export const searchTarget = (words: string) => `/courses?search=${encodeURIComponent(words.trim())}`

/** The top bar's search box: submitting opens the course catalogue filtered by what was typed. */
export function SearchBox() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const [words, setWords] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (words.trim()) navigate(searchTarget(words))
  }

  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{
        display: { xs: 'none', sm: 'flex' },
        alignItems: 'center',
        borderRadius: 5,
        bgcolor: 'rgba(127, 140, 160, 0.16)',
        pl: 2,
        width: { sm: 200, md: 260 },
        // The typing field has no border of its own: the box shows the focus ring for it.
        '&:has(input:focus-visible)': { outline: '2px solid currentColor', outlineOffset: 2 },
      }}
    >
      <InputBase
        value={words}
        onChange={(e) => setWords(e.target.value)}
        placeholder={translate('aula.topbar.searchPlaceholder')}
        inputProps={{ 'aria-label': translate('aula.topbar.search') }}
        sx={{ color: 'inherit', flex: 1, fontSize: 14 }}
      />
      <IconButton type="submit" color="inherit" size="small" aria-label={translate('aula.topbar.searchSubmit')}>
        <SearchOutlined fontSize="small" />
      </IconButton>
    </Box>
  )
}
