import { Alert, Button } from '@mui/material'
import { Component, type ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { useLocation } from 'react-router-dom'

/** Keeps the shell usable when a screen throws: an alert in place of the screen, reset on navigation. */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return <Boundary key={pathname}>{children}</Boundary>
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? <Failure onRetry={() => this.setState({ failed: false })} /> : this.props.children
  }
}

function Failure({ onRetry }: { onRetry: () => void }) {
  const translate = useTranslate()
  return (
    <Alert
      severity="error"
      sx={{ m: 3 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('aula.error.retry')}
        </Button>
      }
    >
      {translate('aula.error.title')}
    </Alert>
  )
}
