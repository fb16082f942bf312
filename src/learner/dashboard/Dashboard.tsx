import { Box, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'

/** The learner's dashboard (spec §2): a card per subscribed course. */
export function Dashboard() {
  const translate = useTranslate()
  return (
    <Box component="main" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('aula.dashboard.title')}
      </Typography>
      <Typography color="text.secondary">{translate('aula.dashboard.empty')}</Typography>
    </Box>
  )
}
