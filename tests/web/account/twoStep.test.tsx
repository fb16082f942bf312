import './eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { DELAYS } from '../../../src/account/useLater'
import { field, passDelay, renderAt, signedInAs, useFakeClock, useFakeNetwork } from './harness'

const net = useFakeNetwork()

const fail = (type: string, message: string) => HttpResponse.json({ __type: type, message }, { status: 400, headers: { 'x-amzn-errortype': `${type}:` } })
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

/**
 * The two-step operations on top of the fake service: the account has it on (`state.on`), the right
 * code is 123456. Other operations fall through to the fake.
 */
function twoStepService(state: { on: boolean; calls: string[] }) {
  net.server.use(
    http.post('/identity/', async ({ request }) => {
      const op = (request.headers.get('x-amz-target') ?? '').split('.').pop() ?? ''
      const body = (await request.clone().json()) as Record<string, unknown> & { ChallengeResponses?: Record<string, string> }
      if (op === 'RespondToAuthChallenge' && body.ChallengeName === 'PASSWORD_VERIFIER' && state.on) {
        state.calls.push('PASSWORD_VERIFIER')
        return HttpResponse.json({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'mfa-session-'.padEnd(40, 'x'), ChallengeParameters: {} })
      }
      if (op === 'RespondToAuthChallenge' && body.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
        state.calls.push(`code:${body.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE}`)
        if (body.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE !== '123456') return fail('CodeMismatchException', 'Invalid code received for user')
        // The fake's own answer to a password proof: tokens.
        return undefined
      }
      if (op === 'GetUser' && state.on) {
        const user = [...net.identity.users.values()][0]
        return HttpResponse.json({
          Username: user.sub,
          UserAttributes: [{ Name: 'email', Value: user.email }],
          UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
          PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
        })
      }
      if (op === 'AssociateSoftwareToken') return HttpResponse.json({ SecretCode: SECRET })
      if (op === 'VerifySoftwareToken') {
        state.calls.push(`verify:${body.UserCode}`)
        return body.UserCode === '123456'
          ? HttpResponse.json({ Status: 'SUCCESS' })
          : fail('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA')
      }
      if (op === 'SetUserMFAPreference') {
        state.on = Boolean((body.SoftwareTokenMfaSettings as { Enabled?: boolean }).Enabled)
        state.calls.push(`preference:${state.on}`)
        return HttpResponse.json({})
      }
      return undefined
    }),
  )
}

describe('two-step verification screens', () => {
  it('asks for the code after the password; a wrong code is explained, the right one signs in', async () => {
    const state = { on: true, calls: [] as string[] }
    twoStepService(state)
    net.identity.add({ email: 'tina@example.test', name: 'Tina' })
    const user = useFakeClock()
    renderAt('/login')
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'tina@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('heading', { name: 'Two-step verification' }, { timeout: 5000 })).toBeInTheDocument()
    expect(localStorage.getItem('jwt')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Please enter the code from the app')).toBeInTheDocument()
    await user.type(field('6-digit code'), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is wrong or was already used.')

    await user.clear(field('6-digit code'))
    await user.type(field('6-digit code'), '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Log in successfully, redirecting ...')).toBeInTheDocument()
    expect(state.calls).toEqual(['PASSWORD_VERIFIER', 'code:000000', 'code:123456'])
    expect(localStorage.getItem('jwt')).toMatch(/^ey/)
    await passDelay(
      DELAYS.login,
      () => expect(net.assign).not.toHaveBeenCalled(),
      () => expect(net.assign).toHaveBeenCalledWith('/dashboard'),
    )
  })

  it('goes back to the password step on request', async () => {
    twoStepService({ on: true, calls: [] })
    net.identity.add({ email: 'tina@example.test', name: 'Tina' })
    renderAt('/login')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Email/, { selector: 'input' }), 'tina@example.test')
    await user.type(field(/Password/), 'Secret#Pass12')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }, { timeout: 5000 }))
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument()
  })

  it('turns it on in the security settings with the QR code, the key and a code, and off after confirming', async () => {
    const state = { on: false, calls: [] as string[] }
    twoStepService(state)
    const account = net.identity.add({ email: 'sam@example.test', name: 'Sam' })
    await signedInAs(account)
    renderAt('/settings/security')
    const user = userEvent.setup()
    expect(await screen.findByText('Two-step verification is off.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByRole('img', { name: 'QR code to add sam@example.test to an authenticator app' })).toBeInTheDocument()
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Open in an authenticator app on this device' })
    expect(link.getAttribute('href')).toBe(`otpauth://totp/Aula:sam%40example.test?secret=${SECRET}&issuer=Aula&algorithm=SHA1&digits=6&period=30`)

    await user.type(field('6-digit code'), '111111')
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument()
    await user.type(field('6-digit code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    expect(await screen.findByText('Two-step verification is now on.')).toBeInTheDocument()
    expect(state.calls).toEqual(['verify:111111', 'verify:123456', 'preference:true'])

    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification?' })
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText('Two-step verification is now off.')).toBeInTheDocument()
    expect(state.on).toBe(false)
  })
})
