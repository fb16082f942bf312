import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router-dom'
import { loadedCatalogue, onLocaleChange, storedLocale, type Locale } from '../i18n'
import { documentTitle, PRODUCT_NAME } from './documentTitle'

/**
 * The name a screen gives its tab in place of the path (a course's pages: decision 0001), with the
 * screens that listen. One name at a time: the screen shown last wins, and leaving it clears it.
 */
let named: { name: string } | null = null
const listeners = new Set<() => void>()
const announce = () => listeners.forEach((listener) => listener())
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const currentName = () => named?.name ?? null

/**
 * Keeps `document.title` in step with the route and the interface language, or with the name the
 * screen shown gives it (`useTitleName`). It sits outside react-admin's context, so it hears language
 * changes from the i18n module itself.
 */
export function DocumentTitle() {
  const { pathname } = useLocation()
  const [locale, setLocale] = useState<Locale>(storedLocale)
  const name = useSyncExternalStore(subscribe, currentName, currentName)
  useEffect(() => onLocaleChange(setLocale), [])
  useEffect(() => {
    document.title = name ? `${name} | ${PRODUCT_NAME}` : documentTitle(pathname, loadedCatalogue(locale).aula.titles)
  }, [pathname, locale, name])
  return null
}

/**
 * Titles the tab "{name} | Aula" while the calling screen is shown and `name` is known (a course's
 * overview and player name the course: decision 0001); until then, and after, the path titles it.
 */
export function useTitleName(name: string | null | undefined) {
  const title = name?.trim()
  useEffect(() => {
    if (!title) return
    const mine = { name: title }
    named = mine
    announce()
    return () => {
      // A screen shown meanwhile may have named the tab already: only this screen's own name goes.
      if (named !== mine) return
      named = null
      announce()
    }
  }, [title])
}
