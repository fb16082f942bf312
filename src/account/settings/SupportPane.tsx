import { Box, Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { storedAttributes } from '../../authProvider'
import { useSupportEmail } from '../../ui/useSupportEmail'

/**
 * Settings › support: the self-service actions, then whom to write to — the configured support address,
 * or, when there is none, the teacher or the centre's office — with the account id to quote.
 */
export function SupportPane() {
  const translate = useTranslate()
  const T = 'aula.account.settings.support'
  const sub = storedAttributes()?.sub
  const email = useSupportEmail()
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography>{translate(`${T}.intro`)}</Typography>
      <List>
        <ListItem disableGutters>
          <ListItemText
            primary={
              <MuiLink component={Link} to="/settings/security">
                {translate(`${T}.password`)}
              </MuiLink>
            }
            secondary={translate(`${T}.passwordText`)}
          />
        </ListItem>
        <ListItem disableGutters>
          <ListItemText
            primary={
              <MuiLink component={Link} to="/global-logout">
                {translate(`${T}.globalLogout`)}
              </MuiLink>
            }
            secondary={translate(`${T}.globalLogoutText`)}
          />
        </ListItem>
      </List>
      {email !== undefined && (
        <Box sx={{ overflowWrap: 'anywhere' }}>
          {email ? (
            <Typography>
              {translate(`${T}.contact`)} <MuiLink href={`mailto:${email}`}>{email}</MuiLink>
            </Typography>
          ) : (
            <Typography>{translate(`${T}.noContact`)}</Typography>
          )}
          {sub && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate(email ? `${T}.reference` : `${T}.referenceNoContact`)} <code>{sub}</code>
            </Typography>
          )}
        </Box>
      )}
    </Box>
  )
}
