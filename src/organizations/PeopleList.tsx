import { Alert, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { OrganizationPerson, PeoplePage } from '../../contracts/organizations/managers'
import type { AppDataProvider } from '../dataProvider'

/** The organisation's people: search (after a short pause in typing) and pages (previous and next). */
export function PeopleList({ host, onOpen }: { host: string; onOpen: (p: OrganizationPerson) => void }) {
  const t = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  // The tokens of the pages opened so far: the last is the current page's.
  const [tokens, setTokens] = useState<string[]>([''])
  // The answer and the request it answers: a newer request shows the loading bar until its own answer.
  const [answer, setAnswer] = useState<{ key: string; page: PeoplePage | null; error: string | null } | null>(null)

  // A changed search starts again at the first page, once typing pauses (an unchanged one keeps the page).
  useEffect(() => {
    const next = search.trim()
    if (next === query) return
    const timer = setTimeout(() => {
      setQuery(next)
      setTokens([''])
    }, 300)
    return () => clearTimeout(timer)
  }, [search, query])

  const token = tokens[tokens.length - 1]
  const key = `${query}\n${token}`
  useEffect(() => {
    let live = true
    dataProvider.getOrganizationPeople(host, query, token).then(
      (p) => live && setAnswer({ key, page: p, error: null }),
      (e: unknown) => live && setAnswer({ key, page: null, error: e instanceof Error ? e.message : t('aula.organizations.loadError') }),
    )
    return () => {
      live = false
    }
  }, [dataProvider, host, query, token, key, t])
  const current = answer?.key === key ? answer : null
  const page = current?.page ?? null
  const error = current?.error ?? null

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('aula.organizations.people.heading')}
        </Typography>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={t('aula.organizations.people.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {!page && !error && <LinearProgress sx={{ mt: 2 }} aria-label={t('ra.page.loading')} />}
        {page && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
              {t('aula.organizations.people.total', { count: page.estimated })}
            </Typography>
            {page.items.length === 0 ? (
              <Typography sx={{ mt: 2 }}>{t(query ? 'aula.organizations.people.noMatch' : 'aula.organizations.people.empty')}</Typography>
            ) : (
              <List>
                {page.items.map((p) => (
                  <ListItem key={p.username} disablePadding>
                    <ListItemButton onClick={() => onOpen(p)}>
                      <ListItemText primary={p.name || p.email} secondary={p.email} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button disabled={tokens.length === 1} onClick={() => setTokens((s) => s.slice(0, -1))}>
                {t('aula.organizations.people.previous')}
              </Button>
              <Button disabled={!page.paginationToken} onClick={() => page.paginationToken && setTokens((s) => [...s, page.paginationToken!])}>
                {t('aula.organizations.people.next')}
              </Button>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  )
}
