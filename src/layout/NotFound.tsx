import { Box, Button, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'

/** The 404 page (requirements §2). */
export function NotFound() {
  const translate = useTranslate()
  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 2 }}>
      <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mt: 2, mb: 4 }}>
        {translate('aula.notFound.title')}
      </Typography>
      <Button component={Link} to="/dashboard" variant="contained">
        {translate('aula.notFound.back')}
      </Button>
    </Box>
  )
}
