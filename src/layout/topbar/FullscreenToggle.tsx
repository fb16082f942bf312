import FullscreenExitOutlined from '@mui/icons-material/FullscreenExitOutlined'
import FullscreenOutlined from '@mui/icons-material/FullscreenOutlined'
import { IconButton, Tooltip } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslate } from 'react-admin'

/** Switches the whole page in and out of full screen; hidden where the browser cannot. */
export function FullscreenToggle() {
  const translate = useTranslate()
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement))

  useEffect(() => {
    const onChange = () => setActive(Boolean(document.fullscreenElement))
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])

  if (!document.fullscreenEnabled) return null
  const label = translate(active ? 'aula.topbar.fullscreenExit' : 'aula.topbar.fullscreenEnter')
  const toggle = () => {
    const change = active ? document.exitFullscreen() : document.documentElement.requestFullscreen()
    // The browser may refuse (no user gesture, policy); the button simply stays as it is.
    change.catch(() => undefined)
  }

  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={active} onClick={toggle}>
        {active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </IconButton>
    </Tooltip>
  )
}
