import { Box, Button, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { Link as RouterLink, useLocation } from 'react-router-dom'
import { ANALYTICS_PAGES } from '../../../contracts/insights/analytics'

const T = 'aula.monitoring'

/** The monitoring sections: the server overview, then one page per analytics subject. */
export const SECTIONS = [{ key: 'overview', path: '/admin/monitoring' }, ...ANALYTICS_PAGES.map((p) => ({ key: p, path: `/admin/monitoring/${p}` }))]

/**
 * The frame of every monitoring screen: the heading and links between the sections. The period in the
 * address (`?from=&to=`) goes along, so each analytics page opens on the period being looked at.
 */
export function MonitoringFrame({ current, children, actions }: { current: string; children: ReactNode; actions?: ReactNode }) {
  const translate = useTranslate()
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  const keep = params.get('from') && params.get('to') ? `?from=${params.get('from')}&to=${params.get('to')}` : ''
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1400, mx: 'auto', minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h4" component="h1">
          {translate(`${T}.title`)}
        </Typography>
        {actions}
      </Stack>
      <Box component="nav" aria-label={translate(`${T}.nav.label`)} sx={{ mb: 2 }}>
        <Stack component="ul" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
          {SECTIONS.map((s) => {
            const active = s.key === current
            return (
              <li key={s.key}>
                <Button
                  component={RouterLink}
                  to={`${s.path}${keep}`}
                  size="small"
                  variant={active ? 'contained' : 'outlined'}
                  aria-current={active ? 'page' : undefined}
                >
                  {translate(`${T}.nav.${s.key}`)}
                </Button>
              </li>
            )
          })}
        </Stack>
      </Box>
      {children}
    </Box>
  )
}
