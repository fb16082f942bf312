import './eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAt, signedInAs, useFakeNetwork } from './harness'
import { preloadForTests } from '../preload'

await preloadForTests({ locales: ['it'] })

const net = useFakeNetwork()

const NAMES: Record<string, string> = {
  mx: 'Términos de uso y aviso de privacidad',
  eng: 'Terms of use and privacy notice',
  it: "Termini d'uso e informativa sulla privacy",
}

/** `GET /api/documents/terms-of-use-and-conditions?locale=…` as the server answers it; records each locale asked for. */
function serveTerms() {
  const asked: string[] = []
  net.server.use(
    http.get('*/api/documents/terms-of-use-and-conditions', ({ request }) => {
      const locale = new URL(request.url).searchParams.get('locale') ?? 'mx'
      asked.push(locale)
      const known = locale in NAMES ? locale : 'mx'
      return HttpResponse.json({
        Item: {
          Id: 'terms-of-use-and-conditions',
          Name: NAMES[known],
          Content: `<h2>Section of ${known}</h2><p>Text of ${known}.</p><h3>Subsection of ${known}</h3><p>More.</p>`,
          Revision: 1,
          published_at: '2025-01-01T00:00:00.000Z',
          Locale: known,
        },
      })
    }),
  )
  return asked
}

describe('terms of use', () => {
  it('the public page asks for the reader’s language and titles the page above the document’s own headings', async () => {
    const asked = serveTerms()
    renderAt('/terms-of-use-and-privacy')
    const title = await screen.findByRole('heading', { level: 1, name: 'Terms of use and privacy notice' })
    expect(asked).toEqual(['eng'])
    expect(title.closest('article')).toHaveAttribute('lang', 'en')
    expect(screen.getByRole('heading', { level: 2, name: 'Section of eng' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Subsection of eng' })).toBeInTheDocument()
    for (const back of screen.getAllByRole('link', { name: 'Back home' })) expect(back).toHaveAttribute('href', '/')
  })

  it('the settings pane shows one title (the document’s name), its sections below it, and follows a language change', async () => {
    const asked = serveTerms()
    const ana = net.identity.add({ email: 'ana@example.test' })
    await signedInAs(ana)
    renderAt('/settings/terms-of-use')
    const pane = await screen.findByRole('tabpanel')
    expect(asked).toEqual(['eng'])
    expect(await within(pane).findByRole('heading', { level: 2, name: 'Terms of use and privacy notice' })).toBeInTheDocument()
    // No 'Terms of use' pane heading above the document's name: one level-2 heading in the pane.
    expect(within(pane).getAllByRole('heading', { level: 2 })).toHaveLength(1)
    expect(within(pane).getByRole('heading', { level: 3, name: 'Section of eng' })).toBeInTheDocument()
    expect(within(pane).getByRole('heading', { level: 4, name: 'Subsection of eng' })).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Language: English/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Italiano' }))
    await waitFor(() => expect(asked.at(-1)).toBe('it'))
    // The shell may draw the page afresh in the new language, so look the pane up again.
    expect(
      await within(await screen.findByRole('tabpanel')).findByRole('heading', { level: 2, name: "Termini d'uso e informativa sulla privacy" }),
    ).toBeInTheDocument()
    // Back to English for the files that follow (the language choice is kept by react-admin's store).
    await user.click(screen.getByRole('button', { name: /Italiano/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'English' }))
    await waitFor(() => expect(asked.at(-1)).toBe('eng'))
  })
})
