import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { documentTitle } from './documentTitle'

/** Keeps `document.title` in step with the route. */
export function DocumentTitle() {
  const { pathname } = useLocation()
  useEffect(() => {
    document.title = documentTitle(pathname)
  }, [pathname])
  return null
}
