import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined'
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined'
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined'
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined'
import { Box, Button, CircularProgress, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import type { CourseSaver, SaverStatus } from './saver'
import { useSaverStatus } from './useCourseSaver'

const ICONS: Record<SaverStatus, typeof CloudDoneOutlined | null> = {
  saved: CloudDoneOutlined,
  pending: CloudUploadOutlined,
  saving: null,
  offline: CloudOffOutlined,
  retrying: SyncProblemOutlined,
  conflict: SyncProblemOutlined,
  refused: ErrorOutline,
  invalid: ErrorOutline,
}

/** The save status in words (a polite live region), with "try again now" while writes wait. */
export function SaveStatus({ saver }: { saver: CourseSaver }) {
  const translate = useTranslate()
  const status = useSaverStatus(saver)
  const Icon = ICONS[status]
  const problem = status === 'offline' || status === 'retrying' || status === 'conflict' || status === 'refused' || status === 'invalid'
  const refusal = status === 'refused' && saver.error instanceof Error ? saver.error.message : null
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 36 }}>
      <Box
        role="status"
        aria-live="polite"
        aria-label={translate('aula.builder.saver.label')}
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: problem ? 'error.main' : 'text.secondary' }}
      >
        {Icon ? <Icon fontSize="small" aria-hidden="true" /> : <CircularProgress size={16} aria-hidden="true" />}
        <Typography variant="body2" component="span" sx={{ color: 'inherit' }}>
          {translate(`aula.builder.saver.${status}`)}
          {refusal ? ` — ${refusal}` : ''}
        </Typography>
      </Box>
      {(status === 'offline' || status === 'retrying') && (
        <Button size="small" onClick={() => saver.flush()}>
          {translate('aula.builder.saver.retryNow')}
        </Button>
      )}
    </Box>
  )
}
