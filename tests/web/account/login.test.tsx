import './eng'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { DELAYS } from '../../../src/account/useLater'
import { field, passDelay, path, renderAt, signedInAs, useFakeClock, useFakeNetwork } from './harness'

const net = useFakeNetwork()

describe('/login', () => {
  it('shows the three slogans, an email-typed field and the required-field messages', async () => {
    renderAt('/login')
    expect(await screen.findByText('Teacher-centred education')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Research')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Go to slide 3' }))
    expect(screen.getByText('Practical activities')).toBeInTheDocument()
    expect(field(/Email/)).toHaveAttribute('type', 'email')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Please Enter Your Email')).toBeInTheDocument()
    expect(screen.getByText('Please Enter Your Password')).toBeInTheDocument()
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument()
    expect(net.identity.calls).toHaveLength(0)
  })

  it('names the screen and its button alike, and draws the password field as tall as the e-mail field', async () => {
    renderAt('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument()
    // react-admin's PasswordInput is `size="small"` unless told otherwise (40 px beside 56 px).
    const size = (input: HTMLElement) => input.closest('.MuiInputBase-root')!.classList.contains('MuiInputBase-sizeSmall')
    expect(size(field(/Password/))).toBe(false)
    expect(size(field(/Email/))).toBe(false)
  })

  it('shows the identity service’s refusal in a red alert', async () => {
    renderAt('/login')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'nobody@example.test')
    await user.type(field(/Password/), 'Whatever#123456')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password.')
    expect(localStorage.getItem('jwt')).toBeNull()
  })

  it('signs in: success notice, form disabled, session stored, then /dashboard with a reload after 2 s', async () => {
    net.identity.add({ email: 'ana@example.test', name: 'Ana', groups: ['general', 'creator'] })
    const user = useFakeClock()
    renderAt('/login')
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'ana@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Log in successfully, redirecting ...', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(field(/Email/)).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled()
    expect(localStorage.getItem('jwt')).toMatch(/^ey/)
    expect(JSON.parse(localStorage.getItem('userPayload')!)['cognito:groups']).toEqual(['general', 'creator'])
    expect(JSON.parse(localStorage.getItem('userAttributes')!)).toEqual({ name: 'Ana', sub: 'sub-1', email: 'ana@example.test' })
    expect(JSON.parse(localStorage.getItem('authUser')!)).toMatchObject({ email: 'ana@example.test' })
    expect(localStorage.getItem('I18N_LANGUAGE')).toBe('eng')
    expect(net.assign).not.toHaveBeenCalled()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith('/dashboard'),
    )
  })

  it('sends finance staff who are not learners to the finance overview, the one screen they can use', async () => {
    net.identity.add({ email: 'fina@example.test', name: 'Fina', groups: ['finances'] })
    const user = useFakeClock()
    renderAt('/login')
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'fina@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Log in successfully, redirecting ...', {}, { timeout: 5000 })).toBeInTheDocument()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith('/admin/finances'),
    )
  })

  it("sends an unconfirmed user to the confirmation screen 3 s after 'User is not confirmed.'", async () => {
    net.identity.add({ email: 'new@example.test', status: 'UNCONFIRMED' })
    const user = useFakeClock()
    renderAt('/login')
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'new@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('User is not confirmed.')
    expect(path()).toBe('/login')
    await passDelay(
      DELAYS.unconfirmed,
      () => expect(path()).toBe('/login'),
      () => expect(path()).toBe('/register-confirmation'),
    )
    expect(await screen.findByText('new@example.test')).toBeInTheDocument()
  })

  it('sends a visitor without a pending challenge from /complete-register to /login', async () => {
    renderAt('/complete-register')
    await waitFor(() => expect(path()).toBe('/login'))
  })

  it('sends an invited account to /complete-register, which sets the password and signs in', async () => {
    net.identity.add({ email: 'invited@example.test', name: 'Invited Person', status: 'FORCE_CHANGE_PASSWORD', password: 'Temp#Pass1234' })
    const user = useFakeClock()
    renderAt('/login')
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'invited@example.test')
    await user.type(field(/Password/), 'Temp#Pass1234')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(path()).toBe('/complete-register'), { timeout: 5000 })
    const name = await screen.findByLabelText(/Name/, { selector: 'input' })
    expect(name).toHaveValue('Invited Person')
    expect(name).toHaveAttribute('readonly')
    await user.click(screen.getByRole('button', { name: 'Complete Register' }))
    expect(await screen.findByText('Please Enter Your Password')).toBeInTheDocument()
    expect(screen.getByText('Please accept the conditions')).toBeInTheDocument()
    await user.type(field(/Password/), 'short')
    await user.click(screen.getByRole('button', { name: 'Complete Register' }))
    expect(await screen.findByText('Password is too short, should be 12 chars minimum.')).toBeInTheDocument()
    await user.clear(field(/Password/))
    await user.type(field(/Password/), 'Brand#New1234')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Complete Register' }))
    expect(await screen.findByText('Registration completed, redirecting ...', {}, { timeout: 5000 })).toBeInTheDocument()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith('/dashboard'),
    )
    expect(net.identity.users.get('invited@example.test')).toMatchObject({ password: 'Brand#New1234', status: 'CONFIRMED' })
    const challenge = net.identity.op('RespondToAuthChallenge').at(-1)!.body.ChallengeResponses as Record<string, string>
    expect(challenge).toMatchObject({ NEW_PASSWORD: 'Brand#New1234', 'userAttributes.name': 'Invited Person' })
    expect(localStorage.getItem('jwt')).toMatch(/^ey/)
  })

  it('sends a signed-in user away from the visitor-only screens to /dashboard', async () => {
    const ana = net.identity.add({ email: 'ana@example.test' })
    await signedInAs(ana)
    net.server.use(http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })))
    renderAt('/register')
    await waitFor(() => expect(path()).toBe('/dashboard'))
  })
})
