import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined'
import { Box, Button, Container, Paper } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { CookieConsent } from '../../layout/CookieConsent'
import { LanguageMenu } from '../../layout/topbar/LanguageMenu'
import { TermsDocument } from '../TermsDocument'

/**
 * /terms-of-use-and-privacy (always available): the terms document with a link back home, above the
 * document (reachable without reading to the end) and again below it.
 */
export function TermsPage() {
  const translate = useTranslate()
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 6 } }}>
      <Container maxWidth="md">
        <Box component="nav" aria-label={translate('aula.account.settings.terms.navigation')} sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 1 }}>
          <Button component={Link} to="/" startIcon={<ArrowBackOutlined />}>
            {translate('aula.account.settings.terms.back')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <LanguageMenu />
        </Box>
        <Paper sx={{ p: { xs: 3, sm: 5 } }}>
          <TermsDocument level={1} />
          <Button component={Link} to="/" variant="outlined" sx={{ mt: 4 }}>
            {translate('aula.account.settings.terms.back')}
          </Button>
        </Paper>
      </Container>
      <CookieConsent />
    </Box>
  )
}
