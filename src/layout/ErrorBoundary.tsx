import { Alert, Button } from '@mui/material'
import { Component, useEffect, useRef, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { useLocation } from 'react-router-dom'

/** Keeps the shell usable when a screen throws: an alert in place of the screen, reset on navigation. */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return <Boundary key={pathname}>{children}</Boundary>
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean; retried: boolean }> {
  state = { failed: false, retried: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidUpdate(_: unknown, before: { failed: boolean }) {
    // 'Try again' went away with the alert: the keyboard goes to the page drawn again (the skip link's
    // target, the start of the content), not back to the top of the document.
    if (before.failed && !this.state.failed && this.state.retried) document.getElementById('main-content')?.focus()
  }
  render() {
    return this.state.failed ? <Failure retried={this.state.retried} onRetry={() => this.setState({ failed: false, retried: true })} /> : this.props.children
  }
}

function Failure({ onRetry, retried }: { onRetry: () => void; retried: boolean }) {
  const translate = useTranslate()
  const button = useRef<HTMLButtonElement>(null)
  // Failed again after 'Try again': the focus stays on the new button.
  useEffect(() => {
    if (retried) button.current?.focus()
  }, [retried])
  return (
    <Alert
      severity="error"
      sx={{ m: 3 }}
      action={
        <Button ref={button} color="inherit" size="small" onClick={onRetry}>
          {translate('aula.error.retry')}
        </Button>
      }
    >
      {translate('aula.error.title')}
    </Alert>
  )
}
