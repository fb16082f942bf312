import LockOutlined from '@mui/icons-material/LockOutlined'
import { Box, Button, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'

/** What a signed-in user sees on a group-gated route they are not in the group for (requirements §2). */
export function PermissionDenied() {
  const translate = useTranslate()
  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 2, maxWidth: 560, mx: 'auto' }}>
      <LockOutlined color="secondary" sx={{ fontSize: 64 }} aria-hidden="true" />
      <Typography variant="h4" component="h1" sx={{ mt: 2, mb: 2 }}>
        {translate('aula.permissionDenied.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {translate('aula.permissionDenied.message')}
      </Typography>
      <Button component={Link} to="/dashboard" variant="contained">
        {translate('aula.permissionDenied.back')}
      </Button>
    </Box>
  )
}
