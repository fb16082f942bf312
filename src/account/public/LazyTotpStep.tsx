import { LinearProgress } from '@mui/material'
import { lazy, Suspense, type ComponentProps } from 'react'
import { useTranslate } from 'react-admin'

// Few sign-ins reach the second step: its screen (and the QR code behind set-up) downloads when one does.
const TotpStep = lazy(() => import('./TotpStep').then((m) => ({ default: m.TotpStep })))

/** The two-step code (or set-up) screen of a sign-in, loaded when the service asks for it. */
export function LazyTotpStep(props: ComponentProps<typeof TotpStep>) {
  const translate = useTranslate()
  return (
    <Suspense fallback={<LinearProgress aria-label={translate('ra.page.loading')} />}>
      <TotpStep {...props} />
    </Suspense>
  )
}
