import CloseOutlined from '@mui/icons-material/CloseOutlined'
import { Box, Drawer, IconButton, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { LayoutSettingsForm } from './LayoutSettingsForm'

/** The layout settings panel: a drawer on the right holding the settings form. */
export function LayoutSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate()
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 380 } }, role: 'dialog', 'aria-labelledby': 'aula-layout-settings-title' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: '1px solid', borderColor: 'divider' }}>
        <Typography id="aula-layout-settings-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('aula.layoutSettings.title')}
        </Typography>
        <IconButton aria-label={translate('aula.layoutSettings.close')} onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        <LayoutSettingsForm />
      </Box>
    </Drawer>
  )
}
