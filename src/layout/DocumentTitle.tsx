import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { loadedCatalogue, onLocaleChange, storedLocale, type Locale } from '../i18n'
import { documentTitle } from './documentTitle'

/**
 * Keeps `document.title` in step with the route and the interface language. It sits outside
 * react-admin's context, so it hears language changes from the i18n module itself.
 */
export function DocumentTitle() {
  const { pathname } = useLocation()
  const [locale, setLocale] = useState<Locale>(storedLocale)
  useEffect(() => onLocaleChange(setLocale), [])
  useEffect(() => {
    document.title = documentTitle(pathname, loadedCatalogue(locale).aula.titles)
  }, [pathname, locale])
  return null
}
