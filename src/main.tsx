import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, preloadScreen } from './App'
import { loadStoredCatalogue } from './i18n'

// The first screen is drawn in the stored language: its catalogue (unless it is the default one,
// already here) downloads beside the first screen's chunks.
preloadScreen(window.location.pathname)
void loadStoredCatalogue()
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
