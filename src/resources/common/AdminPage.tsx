import { Box, Breadcrumbs, Link as MuiLink, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'

export interface Crumb {
  /** Translated text. */
  label: string
  to?: string
}

/**
 * The head of every administration screen: the breadcrumb (Management > …), the title as the page's
 * one h1, and the screen's actions on the right (wrapping under the title on a phone).
 */
export function AdminPage({ title, crumbs, actions, children }: { title: string; crumbs: Crumb[]; actions?: ReactNode; children: ReactNode }) {
  const translate = useTranslate()
  return (
    <Box
      component="section"
      aria-labelledby="admin-page-title"
      // A flex child grows to its widest table unless told otherwise: keep wide tables scrolling inside their card.
      sx={{ maxWidth: '100%', minWidth: 0, '& .RaList-root, & .RaList-main, & .RaList-content': { minWidth: 0, maxWidth: '100%' } }}
    >
      <Breadcrumbs aria-label={translate('aula.admin.common.breadcrumb')} sx={{ mb: 1 }}>
        <Typography color="text.secondary">{translate('aula.menu.management.title')}</Typography>
        {crumbs.map((c, i) =>
          c.to && i < crumbs.length - 1 ? (
            <MuiLink key={c.label} component={Link} to={c.to} underline="hover" color="inherit">
              {c.label}
            </MuiLink>
          ) : (
            <Typography
              key={c.label}
              color={i === crumbs.length - 1 ? 'text.primary' : 'text.secondary'}
              aria-current={i === crumbs.length - 1 ? 'page' : undefined}
            >
              {c.label}
            </Typography>
          ),
        )}
      </Breadcrumbs>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Typography id="admin-page-title" variant="h5" component="h1">
          {title}
        </Typography>
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
