import './eng'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { COOKIE_CONSENT } from '../../../src/layout/CookieConsent'
import { renderAt, useFakeNetwork } from './harness'

const net = useFakeNetwork()

beforeEach(() => {
  document.cookie = `${COOKIE_CONSENT}=; max-age=0; path=/`
})

describe('cookie banner on the public terms page', () => {
  it('shows on /terms-of-use-and-privacy until Accept', async () => {
    net.server.use(
      http.get('*/api/documents/terms-of-use-and-conditions', () =>
        HttpResponse.json({
          Item: {
            Id: 'terms-of-use-and-conditions',
            Name: 'Terms of use',
            Content: '<p>Text.</p>',
            Revision: 1,
            published_at: '2025-01-01T00:00:00.000Z',
            Locale: 'eng',
          },
        }),
      ),
    )
    renderAt('/terms-of-use-and-privacy')
    const banner = await screen.findByRole('region', { name: 'Cookie notice' })
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(banner).not.toBeInTheDocument()
    expect(document.cookie).toContain('cookie_consent=true')
  })
})
