import TranslateOutlined from '@mui/icons-material/TranslateOutlined'
import { Box, Button, Menu, MenuItem } from '@mui/material'
import { useState } from 'react'
import { useLocales, useLocaleState, useTranslate } from 'react-admin'
import { htmlLang, LANGUAGE_KEY, type Locale } from '../../i18n'

/** Offers every catalogue; the choice is kept in local storage under I18N_LANGUAGE (spec §3). */
export function LanguageMenu() {
  const translate = useTranslate()
  const locales = useLocales()
  const [locale, setLocale] = useLocaleState()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const current = locales.find((l) => l.locale === locale) ?? locales[0]

  const choose = (next: string) => {
    localStorage.setItem(LANGUAGE_KEY, next)
    setLocale(next)
    setAnchor(null)
  }

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateOutlined />}
        aria-label={translate('aula.topbar.language', { name: current.name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'aula-language-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0, px: 1, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {current.locale.toUpperCase()}
        </Box>
      </Button>
      <Menu id="aula-language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {locales.map((l) => (
          <MenuItem
            key={l.locale}
            lang={htmlLang[l.locale as Locale]}
            selected={l.locale === locale}
            aria-current={l.locale === locale ? 'true' : undefined}
            onClick={() => choose(l.locale)}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
