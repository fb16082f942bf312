import { Box, Button, Container, Paper } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { CookieConsent } from '../../layout/CookieConsent'
import { TermsDocument } from '../TermsDocument'

/** /terms-of-use-and-privacy (always available): the terms document with a link back home. */
export function TermsPage() {
  const translate = useTranslate()
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 6 } }}>
      <Container maxWidth="md">
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
