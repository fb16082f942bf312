import { Box, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { LANGUAGES } from '../../contracts/config'
import { ApiError } from '../dataProvider/http'

export const T = 'aula.website'

/** The `{site}` segment of the path. */
export const useSite = () => useParams<{ site: string }>().site ?? 'website'

/** Language choices named in the reader's language. */
export function useLanguageNames() {
  const translate = useTranslate()
  return (code: string) => translate(`${T}.languages.${code}`)
}
export const ALL_LANGUAGES = LANGUAGES

/** A website screen: its heading, a line under it and the actions beside it; wraps on a phone. */
export function WebsitePage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {intro && (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          )}
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Box>
  )
}

/** A link to the sites screen. */
export function SitesLink() {
  const translate = useTranslate()
  return (
    <Typography component={RouterLink} to="/admin/websites" variant="body2" sx={{ alignSelf: 'center' }}>
      {translate(`${T}.sites.manage`)}
    </Typography>
  )
}

/** The field errors of a 400 answer, by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {}
  const body = error.body as { errors?: Record<string, string> } | undefined
  return body?.errors ?? {}
}

/** Whether an error is a stale-revision refusal (someone else saved first). */
export const isStale = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && (error.body as { code?: string } | undefined)?.code === 'STALE_REVISION'

/** `datetime-local` text of an ISO time in this browser's zone, and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const t = new Date(value).getTime()
  return Number.isNaN(t) ? null : new Date(t).toISOString()
}
