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
const pressed = (panel: HTMLElement, groupName: string, option: string) => group(panel, groupName).getByRole('button', { name: option })
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

describe('layout settings panel in the horizontal layout', () => {
  it('says once, above every sidebar option, that they apply to the vertical layout; their swatches are disabled', async () => {
    renderShell()
    const panel = await openPanel()
    expect(within(panel).getAllByText('The sidebar options apply to the vertical layout.')).toHaveLength(1)
    const note = within(panel).getByRole('note')
    const firstSidebarTitle = within(panel).getByRole('heading', { name: 'Sidebar type' })
    expect(note.compareDocumentPosition(firstSidebarTitle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    for (const [groupName, option] of [
      ['Sidebar colour', 'Strong bliss'],
      ['Sidebar colour', 'Great whale'],
      ['Sidebar background', 'Lines'],
    ]) {
      const swatch = pressed(panel, groupName, option)
      expect(swatch).toBeDisabled()
      expect(swatch).toHaveAttribute('aria-disabled', 'true')
    }
  })

  it('enables the swatches and drops the note in the vertical layout', async () => {
    renderShell({ settings: { layoutType: 'vertical', topbarTheme: 'light' } })
    const panel = await openPanel()
    expect(within(panel).queryByText('The sidebar options apply to the vertical layout.')).not.toBeInTheDocument()
    const swatch = pressed(panel, 'Sidebar colour', 'Strong bliss')
    expect(swatch).toBeEnabled()
    expect(swatch).not.toHaveAttribute('aria-disabled')
    await userEvent.click(swatch)
    expect(stored()).toMatchObject({ leftSideBarTheme: 'strongbliss' })
  })
})
