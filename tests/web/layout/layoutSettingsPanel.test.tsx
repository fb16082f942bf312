import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { LANGUAGE_KEY } from '../../../src/i18n'
import { LAYOUT_SETTINGS_KEY } from '../../../src/layout/settings/layoutSettingsStore'
import { renderShell, useWideScreen } from './renderShell'

beforeEach(() => {
  localStorage.setItem(LANGUAGE_KEY, 'eng')
  useWideScreen()
})

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: 'Layout settings' }))
  return screen.findByRole('dialog', { name: 'Layout settings' })
}

const group = (panel: HTMLElement, name: string) => within(within(panel).getByRole('group', { name }))
const pressed = (panel: HTMLElement, groupName: string, option: string) =>
  group(panel, groupName).getByRole('button', { name: option })
const stored = () => JSON.parse(localStorage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}')

describe('layout settings panel', () => {
  it('shows the defaults: horizontal, fluid, colored topbar, preloader off; sidebar options wait for vertical', async () => {
    renderShell()
    const panel = await openPanel()
    expect(pressed(panel, 'Layout', 'Horizontal')).toHaveAttribute('aria-pressed', 'true')
    expect(pressed(panel, 'Width', 'Fluid')).toHaveAttribute('aria-pressed', 'true')
    expect(pressed(panel, 'Top bar theme', 'Colored')).toHaveAttribute('aria-pressed', 'true')
    expect(pressed(panel, 'Sidebar type', 'Compact')).toBeDisabled()
    expect(within(panel).getByText('The sidebar options apply to the vertical layout.')).toBeInTheDocument()
    expect(within(panel).getByRole('switch', { name: 'Show a loading screen when the app starts' })).not.toBeChecked()
  })

  it('vertical forces a light topbar and disables colored; boxed forces icons; scrollable forces default', async () => {
    renderShell()
    const panel = await openPanel()
    await userEvent.click(pressed(panel, 'Layout', 'Vertical'))
    expect(pressed(panel, 'Top bar theme', 'Light')).toHaveAttribute('aria-pressed', 'true')
    expect(pressed(panel, 'Top bar theme', 'Colored')).toBeDisabled()
    await userEvent.click(pressed(panel, 'Width', 'Boxed'))
    expect(pressed(panel, 'Sidebar type', 'Icons only')).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(pressed(panel, 'Width', 'Scrollable'))
    expect(pressed(panel, 'Sidebar type', 'Default')).toHaveAttribute('aria-pressed', 'true')
    expect(stored()).toMatchObject({ layoutType: 'vertical', layoutWidth: 'scrollable', topbarTheme: 'light' })
  })

  it('horizontal forces a dark topbar and clears the sidebar choices', async () => {
    renderShell({ settings: { layoutType: 'vertical', topbarTheme: 'light', leftSideBarTheme: 'winter', leftSideBarThemeImage: 'img2' } })
    const panel = await openPanel()
    expect(pressed(panel, 'Sidebar colour', 'Winter')).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(pressed(panel, 'Layout', 'Horizontal'))
    expect(pressed(panel, 'Top bar theme', 'Dark')).toHaveAttribute('aria-pressed', 'true')
    expect(pressed(panel, 'Sidebar colour', 'Dark')).toHaveAttribute('aria-pressed', 'true')
    expect(pressed(panel, 'Sidebar background', 'None')).toHaveAttribute('aria-pressed', 'true')
    expect(stored()).toMatchObject({ topbarTheme: 'dark', leftSideBarTheme: 'dark', leftSideBarThemeImage: 'none' })
  })

  it('keeps the choices in this browser: a new visit starts with them', async () => {
    const first = renderShell()
    let panel = await openPanel()
    await userEvent.click(pressed(panel, 'Layout', 'Vertical'))
    await userEvent.click(pressed(panel, 'Sidebar colour', 'Plum plate'))
    await userEvent.click(pressed(panel, 'Sidebar background', 'Dots'))
    await userEvent.click(within(panel).getByRole('switch', { name: 'Show a loading screen when the app starts' }))
    first.unmount()

    renderShell()
    // The preloader shows first, as now chosen.
    expect(await screen.findByRole('status')).toHaveTextContent('Loading Aula')
    panel = await openPanel()
    expect(pressed(panel, 'Layout', 'Vertical')).toHaveAttribute('aria-pressed', 'true')
    expect(pressed(panel, 'Sidebar colour', 'Plum plate')).toHaveAttribute('aria-pressed', 'true')
    expect(pressed(panel, 'Sidebar background', 'Dots')).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(within(panel).getByRole('button', { name: 'Close layout settings' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Layout settings' })).not.toBeInTheDocument())
  })
})
