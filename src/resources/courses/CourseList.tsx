import { Card, Chip, LinearProgress, Link as MuiLink, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useEffect } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { Link, useSearchParams } from 'react-router-dom'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { Scroll } from '../../ui/Scroll'
import { useAdminLoad } from '../common/useAdminLoad'
import { LoadError, Nothing, Pager, SearchBox, T, personText } from './parts'
import type { AppDataProvider } from '../../dataProvider'

/** `/admin/courses/{uuid}`: one course. */
export const coursePath = (uuid: string) => `/admin/courses/${uuid}`

/**
 * `/admin/courses`: every course of the platform, changed last first, searched by name, keywords or
 * uuid (accents and case ignored), ten to a page. The search and the page live in the address, so a
 * reload or the back button keeps them.
 */
export function CourseList() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const { data, error, isPending, reload } = useAdminLoad(() => dataProvider.getAdminCourses(page, search), `${page}|${search}`)
  const go = (next: { search?: string; page?: number }, replace = false) => {
    const p = new URLSearchParams()
    const s = next.search ?? search
    if (s.trim()) p.set('search', s.trim())
    const n = next.page ?? 1
    if (n > 1) p.set('page', String(n))
    setParams(p, { replace })
  }
  // A page past the end (an old link, courses deleted since): the last page instead.
  const lastPage = data && data.items.length === 0 && data.pages > 0 && page > data.pages ? data.pages : null
  useEffect(() => {
    if (lastPage) go({ page: lastPage }, true)
    // `go` is rebuilt on every render; the last page decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastPage])
  return (
    <AdminPage title={translate(`${T}.title`)} crumbs={[{ label: translate(`${T}.crumb`) }]}>
      <Stack spacing={2}>
        <SearchBox value={search} placeholder={translate(`${T}.search`)} onSearch={(s) => go({ search: s })} />
        {error ? (
          <LoadError error={error} onRetry={reload} />
        ) : (
          <Card variant="outlined">
            {isPending && <LinearProgress aria-label={translate(`${T}.loading`)} />}
            {data && data.items.length === 0 ? (
              <Nothing message={translate(search.trim() ? `${T}.noMatch` : `${T}.empty`)} />
            ) : data ? (
              <>
                <Scroll label={translate(`${T}.table`)}>
                  <Table size="small" aria-busy={isPending}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate(`${T}.columns.name`)}</TableCell>
                        <TableCell>{translate(`${T}.columns.owner`)}</TableCell>
                        <TableCell>{translate(`${T}.columns.status`)}</TableCell>
                        <TableCell>{translate(`${T}.columns.published`)}</TableCell>
                        <TableCell align="right">{translate(`${T}.columns.learners`)}</TableCell>
                        <TableCell>{translate(`${T}.columns.updated`)}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.items.map((c) => (
                        <TableRow key={c.uuid} hover>
                          <TableCell sx={{ minWidth: 180 }}>
                            <MuiLink component={Link} to={coursePath(c.uuid)}>
                              {c.name}
                            </MuiLink>
                            {c.organization && (
                              <Typography variant="caption" color="text.secondary" component="div">
                                {c.organization}
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell sx={{ minWidth: 160, wordBreak: 'break-word' }}>{c.owner ? personText(c.owner, translate(`${T}.gone`)) : '—'}</TableCell>
                          <TableCell>{c.status ?? '—'}</TableCell>
                          <TableCell>
                            {c.publishedVersion ? (
                              <Chip size="small" color="success" label={translate(`${T}.version`, { version: c.publishedVersion })} />
                            ) : (
                              <Chip size="small" variant="outlined" label={translate(`${T}.unpublished`)} />
                            )}
                          </TableCell>
                          <TableCell align="right">{c.activeLearners.toLocaleString()}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.updatedAt)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Scroll>
                <Pager page={page} pages={data.pages} count={data.count} label={translate(`${T}.paging.label`)} onPage={(p) => go({ page: p })} />
              </>
            ) : null}
          </Card>
        )}
      </Stack>
    </AdminPage>
  )
}
