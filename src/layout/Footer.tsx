import { Box, Link, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { COOKIE_ROOM } from './CookieConsent'
import { buildLabel, useShellConfig } from './shellConfig'

/** The footer of requirements §2: the year, the build number padded to 4 digits and a developed-by line. */
export function Footer({ build }: { build?: number }) {
  const translate = useTranslate()
  const config = useShellConfig()
  const name = config.developedByUrl ? (
    <Link href={config.developedByUrl} target="_blank" rel="noopener noreferrer" color="inherit">
      {config.developedBy}
    </Link>
  ) : (
    config.developedBy
  )
  const [before, after] = translate('aula.footer.developedBy', { name: '\u0000' }).split('\u0000')

  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 1,
        px: 3,
        pt: 2,
        // While the cookie banner shows, the footer grows under it so its lines stay above the banner.
        pb: `calc(16px + var(${COOKIE_ROOM}, 0px))`,
        color: 'text.secondary',
        borderTop: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2">
        © {new Date().getFullYear()} Aula · {translate('aula.footer.build', { build: buildLabel(build ?? config.buildNumber) })}
      </Typography>
      <Typography variant="body2">
        {before}
        {name}
        {after}
      </Typography>
    </Box>
  )
}
