import RefreshIcon from '@mui/icons-material/Refresh'
import { Box, Button, Stack } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { MonitoringFrame } from './MonitoringFrame'
import { CostPanels, DocumentsPanel, ForecastPanel, RealtimePanel, ServerCard, StorageCard } from './panels'

const T = 'aula.monitoring'

/**
 * `/admin/monitoring`: the server (version, uptime), the file storage, rows per table, cost and usage
 * with the month's forecast, and real-time users by country. "Refresh" measures everything again.
 */
export function MonitoringScreen() {
  const translate = useTranslate()
  const [round, setRound] = useState(0)
  return (
    <MonitoringFrame
      current="overview"
      actions={
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => setRound((r) => r + 1)}>
          {translate(`${T}.refresh`)}
        </Button>
      }
    >
      <Stack spacing={3}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <ServerCard round={round} />
          <StorageCard round={round} />
        </Box>
        <DocumentsPanel round={round} />
        <CostPanels round={round} />
        <ForecastPanel round={round} />
        <RealtimePanel round={round} />
      </Stack>
    </MonitoringFrame>
  )
}
