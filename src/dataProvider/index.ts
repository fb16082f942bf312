import simpleRestProvider from 'ra-data-simple-rest'
import { fetchUtils } from 'react-admin'

/** HTTP for every API call: JSON accept header (the bearer token is added with the auth provider). */
export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' })
  if (!headers.has('Accept')) headers.set('Accept', 'application/json')
  return fetchUtils.fetchJson(url, { ...options, headers })
}

export const dataProvider = simpleRestProvider('/api', httpClient)
