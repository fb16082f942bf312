import { Box, Paper, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material'
import type { ComponentType } from 'react'
import { useTranslate } from 'react-admin'
import { useNavigate, useParams } from 'react-router-dom'
import { NotFound } from '../../layout/NotFound'
import { LayoutSettingsForm } from '../../layout/settings/LayoutSettingsForm'
import { TermsDocument } from '../TermsDocument'
import { DevicesPane } from './DevicesPane'
import { EmailsPane } from './EmailsPane'
import { NotificationsPane } from './NotificationsPane'
import { ProfilePane } from './ProfilePane'
import { SecurityPane } from './SecurityPane'
import { SubscriptionsPane } from './SubscriptionsPane'
import { SupportPane } from './SupportPane'

/** The panes of requirements §2, in menu order; `ui` exists without a menu entry. */
const PANES: Array<{ id: string; label: string; Pane: ComponentType; inMenu: boolean; ownTitle?: boolean }> = [
  { id: 'profile', label: 'profile', Pane: ProfilePane, inMenu: true },
  { id: 'subscriptions', label: 'subscriptions', Pane: SubscriptionsPane, inMenu: true },
  { id: 'security', label: 'security', Pane: SecurityPane, inMenu: true },
  // Not in requirements §2: the choices about reminder and digest mail (decision 0030).
  { id: 'emails', label: 'emails', Pane: EmailsPane, inMenu: true },
  { id: 'notifications', label: 'notifications', Pane: NotificationsPane, inMenu: true },
  { id: 'devices', label: 'devices', Pane: DevicesPane, inMenu: true },
  { id: 'support', label: 'support', Pane: SupportPane, inMenu: true },
  // The terms pane's title is the document's own name (no heading above a heading).
  { id: 'terms-of-use', label: 'termsOfUse', Pane: TermsDocument, inMenu: true, ownTitle: true },
  { id: 'ui', label: 'ui', Pane: LayoutSettingsForm, inMenu: false },
]

/** /settings/{pane} (protected): choosing a pane changes the route. */
export function SettingsPage() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const { pane = 'profile' } = useParams()
  // Phones get a horizontal, scrollable tab bar above the pane instead of a tall vertical list.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true })
  const current = PANES.find((p) => p.id === pane)
  if (!current) return <NotFound />
  const menu = PANES.filter((p) => p.inMenu)
  const { Pane } = current
  return (
    <Box component="section" aria-labelledby="settings-title">
      <Typography id="settings-title" variant="h4" component="h1" sx={{ mb: 3 }}>
        {translate('aula.account.settings.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3, alignItems: 'flex-start' }}>
        <Paper sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
          <Tabs
            orientation={compact ? 'horizontal' : 'vertical'}
            variant="scrollable"
            scrollButtons={compact ? 'auto' : false}
            allowScrollButtonsMobile
            value={current.inMenu ? current.id : false}
            onChange={(_, id: string) => navigate(`/settings/${id}`)}
            aria-label={translate('aula.account.settings.panes.label')}
            sx={compact ? undefined : { '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left' } }}
          >
            {menu.map((p) => (
              <Tab
                key={p.id}
                value={p.id}
                label={translate(`aula.account.settings.panes.${p.label}`)}
                id={`settings-tab-${p.id}`}
                aria-controls="settings-pane"
              />
            ))}
          </Tabs>
        </Paper>
        <Paper
          component="section"
          id="settings-pane"
          role="tabpanel"
          aria-labelledby={current.inMenu ? `settings-tab-${current.id}` : undefined}
          aria-label={current.inMenu ? undefined : translate(`aula.account.settings.panes.${current.label}`)}
          sx={{ flex: 1, p: { xs: 2, md: 3 }, width: '100%', minWidth: 0 }}
        >
          {!current.ownTitle && (
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {translate(`aula.account.settings.panes.${current.label}`)}
            </Typography>
          )}
          <Pane />
        </Paper>
      </Box>
    </Box>
  )
}
