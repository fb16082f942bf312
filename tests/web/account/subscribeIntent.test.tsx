import './eng'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { DELAYS } from '../../../src/account/useLater'
import { field, passDelay, path, renderAt, signedInAs, useFakeClock, useFakeNetwork } from './harness'

/**
 * The public site's Subscribe link (`/register?subscribe={course}&plan={plan}`): the course chosen is
 * carried through registration, confirmation and the first sign-in to the learner's subscribe screen.
 */

const net = useFakeNetwork()
// The sign-in screen's carousel: no slides (its three slogans).
beforeEach(() => net.server.use(http.get('*/api/v2/site/:site/slides', () => HttpResponse.json({ items: [] }))))

const COURSE = '0b6f3a52-6a1e-4c55-9d3c-6f1f2e0a7b11'
const PLAN = '5d2c9e8a-1f3b-4a6d-8e7c-2b9a0c4d6e13'

describe('subscribing from the public site', () => {
  it('registers, confirms and signs in, then lands on the chosen course’s subscribe screen', async () => {
    const user = useFakeClock()
    renderAt(`/register?subscribe=${COURSE}&plan=${PLAN}`)
    await user.type(await screen.findByLabelText(/Name/, { selector: 'input' }), 'Luis Gómez')
    await user.type(field(/Email/), 'luis@example.test')
    await user.type(field(/Password/), 'Good#Password1')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Register User Successfully')).toBeInTheDocument()
    await passDelay(
      DELAYS.signUp,
      () => expect(path()).toBe('/register'),
      () => expect(path()).toBe('/register-confirmation'),
    )
    expect(await screen.findByText('luis@example.test')).toBeInTheDocument()
    await user.type(field(/Code/), net.identity.users.get('luis@example.test')!.code!)
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }))
    expect(await screen.findByText('Account confirmed, redirecting ...')).toBeInTheDocument()
    await passDelay(
      DELAYS.confirm,
      () => expect(path()).toBe('/register-confirmation'),
      () => expect(path()).toBe('/login'),
    )
    expect(await screen.findByText('Your account is confirmed. Log in with your password.')).toBeInTheDocument()
    await user.type(field(/Password/), 'Good#Password1')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Log in successfully, redirecting ...', {}, { timeout: 5000 })).toBeInTheDocument()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith(`/galaxy/courses/overview/${COURSE}?plan=${PLAN}`),
    )
    // Used once: the next sign-in in this tab goes to the usual landing page.
    expect(sessionStorage.getItem('aula.subscribeIntent')).toBeNull()
  })

  it('keeps the course for a visitor who already has an account and signs in instead', async () => {
    net.identity.add({ email: 'ana@example.test' })
    const user = useFakeClock()
    renderAt(`/login?subscribe=${COURSE}`)
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'ana@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Log in successfully, redirecting ...', {}, { timeout: 5000 })).toBeInTheDocument()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith(`/galaxy/courses/overview/${COURSE}`),
    )
  })

  it('ignores a malformed course id: the sign-in then leads to the dashboard', async () => {
    net.identity.add({ email: 'ana@example.test' })
    const user = useFakeClock()
    renderAt('/login?subscribe=..%2F..%2Fadmin&plan=x')
    expect(sessionStorage.getItem('aula.subscribeIntent')).toBeNull()
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'ana@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Log in successfully, redirecting ...', {}, { timeout: 5000 })).toBeInTheDocument()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith('/dashboard'),
    )
  })

  it('sends a signed-in user from the Subscribe link straight to the course’s subscribe screen', async () => {
    const ana = net.identity.add({ email: 'ana@example.test' })
    await signedInAs(ana)
    net.server.use(http.get('*/api/v2/courses/*', () => HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 })))
    renderAt(`/register?subscribe=${COURSE}&plan=${PLAN}`)
    await waitFor(() => expect(path()).toBe(`/galaxy/courses/overview/${COURSE}`))
    expect(window.location.search).toBe(`?plan=${PLAN}`)
  })
})
