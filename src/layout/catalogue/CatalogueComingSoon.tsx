import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined'
import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import { Box, Button, Paper, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link, useSearchParams } from 'react-router-dom'
import { screenGroups } from '../../../contracts/policy'
import { GroupGate } from '../access/GroupGate'
import { CookieConsent } from '../CookieConsent'
import { LanguageMenu } from '../topbar/LanguageMenu'

/**
 * /courses until the learner area's catalogue takes the route: where the dashboard's "Browse courses"
 * and the top-bar search lead (decision 0003). It says the catalogue is coming and keeps the words
 * searched for, so the link the search builds (`?search=`) stays the one the catalogue will read.
 * Spec §2: the catalogue has no chrome layout, so the page brings its own way back.
 */
export function CatalogueComingSoon() {
  return (
    <GroupGate groups={screenGroups('/courses') ?? []}>
      <ComingSoon />
    </GroupGate>
  )
}

function ComingSoon() {
  const translate = useTranslate()
  const [params] = useSearchParams()
  const words = (params.get('search') ?? '').trim()
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5 }}>
        <Box
          component={Link}
          to="/dashboard"
          aria-label={translate('aula.topbar.home')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', textDecoration: 'none', flex: 1 }}
        >
          <SchoolOutlined aria-hidden="true" />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
            Aula
          </Typography>
        </Box>
        <LanguageMenu />
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: 4, outline: 'none' }}>
        <Paper sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <AutoStoriesOutlined color="primary" sx={{ fontSize: 56, mb: 2 }} aria-hidden="true" />
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {translate('aula.catalogue.title')}
          </Typography>
          <Typography sx={{ mb: words ? 2 : 4 }}>{translate('aula.catalogue.comingSoon')}</Typography>
          {words && (
            <Typography color="text.secondary" sx={{ mb: 4, overflowWrap: 'anywhere' }}>
              {translate('aula.catalogue.searchedFor', { words })}
            </Typography>
          )}
          <Button component={Link} to="/dashboard" variant="contained">
            {translate('aula.catalogue.back')}
          </Button>
        </Paper>
      </Box>
      <CookieConsent />
    </Box>
  )
}
