import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined'
import { Alert, Button, CircularProgress } from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { useSearchParams } from 'react-router-dom'
import type { LearnerPlan } from '../../../contracts/learner/catalogue'
import { CHECKOUT_RETURN } from '../../../contracts/payments'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider/http'
import { useSupportEmail } from '../../ui/useSupportEmail'
import { leavePage } from './leavePage'

const T = 'aula.learner.overview'
/** How often, and how many times, the plans are asked again after a payment until the subscription shows. */
export const PAYMENT_POLL_MS = 2000
export const PAYMENT_POLL_TIMES = 60

/**
 * A priced plan's Buy button: asks the server for a payment session (the server sets the price) and
 * sends the browser to the provider's payment page. `onRefused` runs for a 409/403 (already subscribed,
 * revoked meanwhile, checkout turned off), so the plans are read again.
 */
export function BuyButton({ course, plan, disabled, onRefused }: { course: string; plan: LearnerPlan; disabled: boolean; onRefused: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const buy = async () => {
    setBusy(true)
    setFailed(false)
    try {
      const { url } = await dataProvider.startCheckout(course, plan.id)
      // The page is left: the button stays busy until the browser goes.
      leavePage.to(url)
    } catch (error) {
      setBusy(false)
      if (error instanceof ApiError && (error.status === 409 || error.status === 403)) onRefused()
      else setFailed(true)
    }
  }
  return (
    <>
      <Button
        variant="contained"
        size="small"
        sx={{ mt: 1 }}
        disabled={disabled || busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <ShoppingCartOutlined />}
        onClick={() => void buy()}
        aria-label={`${translate(`${T}.buy`)}: ${plan.name}`}
      >
        {busy ? translate(`${T}.buying`) : translate(`${T}.buy`)}
      </Button>
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {translate(`${T}.buyFailed`)}
        </Alert>
      )}
    </>
  )
}

/** Without online payment: whom to ask for a priced plan (the support address, else the centre's office). */
export function HowToBuy() {
  const translate = useTranslate()
  const email = useSupportEmail()
  if (email === undefined) return null
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {email ? translate(`${T}.howToBuy`, { email }) : translate(`${T}.howToBuyNoEmail`)}
    </Alert>
  )
}

/** Where the learner stands after coming back from the payment page. */
export interface PaymentReturn {
  /** `?checkout=cancelled` and no active subscription. */
  cancelled: boolean
  /** `?checkout=success`, no active subscription yet, and still asking. */
  waiting: boolean
  /** As `waiting`, but the subscription has not shown after every question. */
  slow: boolean
}

/**
 * Back from the payment page (`?checkout=success|cancelled`): after paying, asks `reload` for the plans
 * every few seconds until the subscription is active (the webhook makes it, not this return).
 */
export function usePaymentReturn(active: boolean, reload: () => void): PaymentReturn {
  const [params] = useSearchParams()
  const returned = params.get('checkout')
  const [asked, setAsked] = useState(0)
  const paid = returned === CHECKOUT_RETURN.success && !active
  const waiting = paid && asked < PAYMENT_POLL_TIMES
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => {
      setAsked((n) => n + 1)
      reload()
    }, PAYMENT_POLL_MS)
    return () => clearTimeout(timer)
  }, [waiting, asked, reload])
  return { cancelled: returned === CHECKOUT_RETURN.cancelled && !active, waiting, slow: paid && !waiting }
}

/** What the return from the payment page means: the course is on its way, is slow to come, or nothing was charged. */
export function CheckoutReturn({ state }: { state: PaymentReturn }) {
  const translate = useTranslate()
  if (state.cancelled) {
    return (
      <Alert severity="info" sx={{ mb: 2 }} role="status">
        {translate(`${T}.paymentCancelled`)}
      </Alert>
    )
  }
  if (!state.waiting && !state.slow) return null
  return (
    <Alert severity={state.slow ? 'warning' : 'success'} sx={{ mb: 2 }} role="status">
      {state.slow ? translate(`${T}.paymentSlow`) : translate(`${T}.paymentReceived`)}
    </Alert>
  )
}
