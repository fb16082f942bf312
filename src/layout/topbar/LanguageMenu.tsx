import TranslateOutlined from '@mui/icons-material/TranslateOutlined'
import { Box, Button, MenuItem } from '@mui/material'
import { lazy, Suspense, useState } from 'react'
import { useLocales, useLocaleState, useTranslate } from 'react-admin'
import { htmlLang, LANGUAGE_KEY, type Locale } from '../../i18n'

/**
 * The language button's compact form on narrow screens, from the BCP 47 tag (ES-MX, EN, ES-ES, IT, DE,
 * RU): Aula's own codes would mislead (`gr` is German, `rs` Russian). Wider screens show the language's
 * own name, as the menu does.
 */
// The menu (MUI's Menu, Popover and Modal) loads the first time it opens: the sign-in pages show the
// button and stay within their weight (tests/e2e/web-budget.test.ts).
const InPlaceMenu = lazy(() => import('../../ui/InPlaceMenu').then((m) => ({ default: m.InPlaceMenu })))

export const compactLanguageLabel = (locale: string) => (htmlLang[locale as Locale] ?? htmlLang.mx).toUpperCase()

/** Offers every catalogue; the choice is kept in local storage under I18N_LANGUAGE (requirements §3). */
export function LanguageMenu() {
  const translate = useTranslate()
  const locales = useLocales()
  const [locale, setLocale] = useLocaleState()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  // Kept once opened, so that closing it gives the focus back to the button.
  const [opened, setOpened] = useState(false)
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
        // The name holds both visible forms (the language's name on wide screens, its code on narrow ones).
        aria-label={`${translate('aula.topbar.language', { name: current.name })} (${compactLanguageLabel(current.locale)})`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'aula-language-menu' : undefined}
        onClick={(e) => {
          setAnchor(e.currentTarget)
          setOpened(true)
        }}
        sx={{ minWidth: 0, px: 1, whiteSpace: 'nowrap', '& .MuiButton-startIcon': { mr: 0.75, display: { xs: 'none', sm: 'inherit' } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {current.name}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', md: 'none' } }}>
          {compactLanguageLabel(current.locale)}
        </Box>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <InPlaceMenu id="aula-language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
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
          </InPlaceMenu>
        </Suspense>
      )}
    </>
  )
}
