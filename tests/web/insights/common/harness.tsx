import '../../account/eng'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { AdminContext, memoryStore } from 'react-admin'
import { BrowserRouter } from 'react-router-dom'
import { i18nProvider, loadChartTexts } from '../../../../src/i18n'
import { darkTheme, lightTheme } from '../../../../src/layout/theme/theme'

/**
 * Renders part of the chart kit inside react-admin's context (theme, translator in English) under the
 * browser router the app uses (App.tsx), so the address's query is the page's own.
 */
export async function renderKit(ui: ReactNode, { dark = false }: { dark?: boolean } = {}) {
  await loadChartTexts()
  return render(
    <BrowserRouter>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()} theme={dark ? darkTheme : lightTheme}>
        {ui}
      </AdminContext>
    </BrowserRouter>,
  )
}
