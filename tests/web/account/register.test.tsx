import './eng'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DELAYS } from '../../../src/account/useLater'
import { field, passDelay, path, renderAt, useFakeClock, useFakeNetwork } from './harness'

const net = useFakeNetwork()

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, email: string, password = 'Good#Password1') {
  await user.type(await screen.findByLabelText(/Name/, { selector: 'input' }), 'Luis Gómez')
  await user.type(field(/Email/), email)
  await user.type(field(/Password/), password)
  await user.click(screen.getByRole('checkbox'))
}

describe('/register', () => {
  it('asks for every field with requirements §5’s messages and shows the pool’s password rule', async () => {
    renderAt('/register')
    const user = userEvent.setup()
    expect(
      await screen.findByText(
        'Password must be at least 12 characters long and include an uppercase letter, a lowercase letter, a number and a special character.',
      ),
    ).toBeInTheDocument()
    expect(field(/Email/)).toHaveAttribute('type', 'text')
    expect(screen.getByRole('link', { name: 'Terms of Use and Privacy' })).toHaveAttribute('href', '/terms-of-use-and-privacy')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Please Enter Your Name')).toBeInTheDocument()
    expect(screen.getByText('Please Enter Your Email')).toBeInTheDocument()
    expect(screen.getByText('Please Enter Your Password')).toBeInTheDocument()
    expect(screen.getByText('Please accept the conditions')).toBeInTheDocument()
    expect(net.identity.op('SignUp')).toHaveLength(0)
    // The field messages are the only report: no react-admin "form is not valid" toast.
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument()
  })

  it('checks the password against the policy before calling the service', async () => {
    renderAt('/register')
    const user = userEvent.setup()
    await fillRegistration(user, 'luis@example.test', 'short')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Password is too short, should be 12 chars minimum.')).toBeInTheDocument()
    await user.clear(field(/Password/))
    await user.type(field(/Password/), 'alllowercase#1234')
    expect(await screen.findByText('Password must have at least one uppercase letter.')).toBeInTheDocument()
    expect(net.identity.op('SignUp')).toHaveLength(0)
  })

  it("registers: 'Register User Successfully', then the confirmation screen with the e-mail after 4 s", async () => {
    const user = useFakeClock()
    renderAt('/register')
    await fillRegistration(user, 'luis@example.test')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Register User Successfully')).toBeInTheDocument()
    expect(net.identity.op('SignUp')[0].body).toMatchObject({
      Username: 'luis@example.test',
      Password: 'Good#Password1',
      UserAttributes: [
        { Name: 'email', Value: 'luis@example.test' },
        { Name: 'name', Value: 'Luis Gómez' },
        // The interface language, so the account's mail is written in it.
        { Name: 'locale', Value: 'eng' },
      ],
    })
    expect(path()).toBe('/register')
    await passDelay(
      DELAYS.signUp,
      () => expect(path()).toBe('/register'),
      () => expect(path()).toBe('/register-confirmation'),
    )
    expect(await screen.findByText('luis@example.test')).toBeInTheDocument()
  })

  it('shows the service’s message when the e-mail is taken', async () => {
    net.identity.add({ email: 'taken@example.test' })
    renderAt('/register')
    const user = userEvent.setup()
    await fillRegistration(user, 'taken@example.test')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with the given email already exists.')
    expect(path()).toBe('/register')
  })
})

describe('/register-confirmation', () => {
  it('sends a visitor with no pending account home (and a visitor’s home is /login)', async () => {
    renderAt('/register-confirmation')
    await waitFor(() => expect(path()).toBe('/login'))
  })

  it('confirms with the e-mailed code: required message, resend notice, wrong code, then /login after 3 s with the e-mail filled in', async () => {
    net.identity.add({ email: 'eva@example.test', status: 'UNCONFIRMED', code: '111111' })
    sessionStorage.setItem('aula.pendingEmail', 'eva@example.test')
    const user = useFakeClock()
    renderAt('/register-confirmation')
    expect(await screen.findByText('eva@example.test')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }))
    expect(await screen.findByText('Please Enter Your Confirmation Code')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Resend Code' }))
    expect(await screen.findByText('Code resent: eva@example.test')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled()
    const code = net.identity.users.get('eva@example.test')!.code!

    await user.type(field(/Code/), '000000')
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }))
    expect(await screen.findByText('Invalid verification code provided, please try again.')).toBeInTheDocument()

    await user.clear(field(/Code/))
    await user.type(field(/Code/), code)
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }))
    expect(await screen.findByText('Account confirmed, redirecting ...')).toBeInTheDocument()
    expect(net.identity.users.get('eva@example.test')!.status).toBe('CONFIRMED')
    await passDelay(
      DELAYS.confirm,
      () => expect(path()).toBe('/register-confirmation'),
      () => expect(path()).toBe('/login'),
    )
    // The login screen says so and has the confirmed account's e-mail filled in.
    expect(await screen.findByText('Your account is confirmed. Log in with your password.')).toBeInTheDocument()
    expect(field(/Email/)).toHaveValue('eva@example.test')
  })
})

describe('/forgot-password', () => {
  it('step one asks for the e-mail; step two for code and new password; then signs in', async () => {
    net.identity.add({ email: 'rosa@example.test', password: 'Old#Password12' })
    const user = useFakeClock()
    renderAt('/forgot-password')
    await user.click(await screen.findByRole('button', { name: 'Reset' }))
    expect(await screen.findByText('Please Enter Your Email')).toBeInTheDocument()
    await user.type(field(/Email/), 'rosa@example.test')
    await user.click(screen.getByRole('button', { name: 'Reset' }))
    expect(await screen.findByText('Input the code we sent you via email')).toBeInTheDocument()
    // Where the code went, as the service gave it (masked), and the password rule before typing.
    expect(screen.getByText('r***@e***')).toBeInTheDocument()
    expect(screen.getByText(/Code sent to:/)).toHaveTextContent('Code sent to: r***@e***')
    expect(
      screen.getByText('Password must be at least 12 characters long and include an uppercase letter, a lowercase letter, a number and a special character.'),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Restore My Password' }))
    expect(await screen.findByText('Please Enter The Code')).toBeInTheDocument()
    expect(screen.getByText('Please Enter Your New Password')).toBeInTheDocument()
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument()

    await user.type(field(/Code/), net.identity.users.get('rosa@example.test')!.code!)
    await user.type(field(/New password/), 'Fresh#Password9')
    await user.click(screen.getByRole('button', { name: 'Restore My Password' }))
    expect(await screen.findByText('Password restored, signing you in ...', {}, { timeout: 5000 })).toBeInTheDocument()
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith('/dashboard'),
    )
    expect(net.identity.users.get('rosa@example.test')!.password).toBe('Fresh#Password9')
    expect(localStorage.getItem('jwt')).toMatch(/^ey/)
  })
})
