import { Box, Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import { storedAttributes } from '../../authProvider'

/** Settings › support: the self-service actions, and the account id to quote to the support team. */
export function SupportPane() {
  const translate = useTranslate()
  const T = 'aula.account.settings.support'
  const sub = storedAttributes()?.sub
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
      {sub && (
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.reference`)} <code>{sub}</code>
        </Typography>
      )}
    </Box>
  )
}
