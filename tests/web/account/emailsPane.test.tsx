import './eng'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { MailPreferences } from '../../../contracts/mail'
import { path, renderAt, signedInAs, useFakeNetwork } from './harness'

const net = useFakeNetwork()

/** The preferences route, answering from `stored` and recording every change asked for. */
function preferences(stored: MailPreferences) {
  const puts: unknown[] = []
  net.server.use(
    http.get('*/api/v2/user/mail-preferences', () => HttpResponse.json(stored)),
    http.put('*/api/v2/user/mail-preferences', async ({ request }) => {
      const body = (await request.json()) as Partial<MailPreferences>
      puts.push(body)
      Object.assign(stored, body)
      return HttpResponse.json(stored)
    }),
  )
  return puts
}

describe('settings › e-mails', () => {
  it('is a pane of its own whose switches save at once, by keyboard too', async () => {
    const puts = preferences({ expiryReminders: true, weeklyDigest: false })
    await signedInAs(net.identity.add({ email: 'ana@example.test', name: 'Ana Pérez', password: 'Secret#Pass12' }))
    renderAt('/settings/profile')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'E-mails' }))
    expect(path()).toBe('/settings/emails')
    expect(await screen.findByRole('group', { name: 'E-mails you want to receive' })).toBeInTheDocument()
    const reminders = await screen.findByRole('switch', { name: 'Reminders before a subscription expires' })
    const digest = screen.getByRole('switch', { name: 'Weekly progress digest' })
    expect(reminders).toBeChecked()
    expect(digest).not.toBeChecked()
    expect(digest).toHaveAccessibleDescription('One e-mail a week listing your active courses and how far you are in each.')

    digest.focus()
    await user.keyboard(' ')
    await waitFor(() => expect(puts).toEqual([{ weeklyDigest: true }]))
    expect(await screen.findByText('E-mail preferences saved')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Weekly progress digest' })).toBeChecked())

    await user.click(screen.getByRole('switch', { name: 'Reminders before a subscription expires' }))
    await waitFor(() => expect(puts).toEqual([{ weeklyDigest: true }, { expiryReminders: false }]))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Reminders before a subscription expires' })).not.toBeChecked())
  })

  it('puts a switch back when the change is refused', async () => {
    net.server.use(
      http.get('*/api/v2/user/mail-preferences', () => HttpResponse.json({ expiryReminders: true, weeklyDigest: false })),
      http.put('*/api/v2/user/mail-preferences', () => HttpResponse.json({ message: 'Nothing to change', code: 'EMPTY_BODY' }, { status: 400 })),
    )
    await signedInAs(net.identity.add({ email: 'ana@example.test', name: 'Ana Pérez', password: 'Secret#Pass12' }))
    renderAt('/settings/emails')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('switch', { name: 'Weekly progress digest' }))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Weekly progress digest' })).not.toBeChecked())
    expect(screen.getByRole('switch', { name: 'Weekly progress digest' })).toBeEnabled()
    expect(screen.getByRole('alert')).toBeInTheDocument()
  })
})
