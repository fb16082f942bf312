import { preloadScreen } from './app/areas'

// The page's first script is only this: it starts the opening screen's chunks and the app's core
// together, so neither waits for the other.
preloadScreen(window.location.pathname)

void Promise.all([import('react'), import('react-dom/client'), import('./App'), import('./i18n')]).then(
  async ([{ StrictMode }, { createRoot }, { App }, { loadStoredCatalogue }]) => {
    // The first screen is drawn in the stored language (a catalogue other than the default downloads first).
    await loadStoredCatalogue().catch(() => undefined)
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  },
)
