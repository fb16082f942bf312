import './admin'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CatalogueItem } from '../../../contracts/admin/catalogues'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()
const tag: CatalogueItem<'tags'> = {
  id: '9b2f6a44-5c1e-4c8e-9d1a-2f1e0c3b7a10',
  name: 'Algebra',
  description: 'Equations and structures',
  revision: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
}

describe('catalogue edit', () => {
  it('sends the revision it read; a stale one shows the 409 message and keeps the edits', async () => {
    await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
    const updates: unknown[] = []
    net.server.use(
      http.get(`*/api/v2/admin/tags/tag/${tag.id}`, () => HttpResponse.json({ Item: tag })),
      http.put(`*/api/v2/admin/tags/update/${tag.id}`, async ({ request }) => {
        updates.push(await request.json())
        return HttpResponse.json({ message: 'Someone else saved this tag first (revision 4)' }, { status: 409 })
      }),
    )
    renderAt(`/admin/tags/${tag.id}`)
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await waitFor(() => expect(name).toHaveValue('Algebra'))
    expect(screen.getByText(/^Revision 3, last changed on/)).toBeInTheDocument()
    await userEvent.clear(name)
    await userEvent.type(name, 'Linear algebra')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Invalid operation: Someone else saved this tag first (revision 4)')).toBeInTheDocument()
    expect(updates).toEqual([{ name: 'Linear algebra', description: 'Equations and structures', revision: 3 }])
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Linear algebra')
  })

  it("refuses a category name with '/' before sending it", async () => {
    await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
    let sent = false
    net.server.use(http.post('*/api/v2/admin/categories/create', () => ((sent = true), HttpResponse.json({}, { status: 500 }))))
    renderAt('/admin/categories/create')
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Maths/Physics')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(/'\/' and other special characters are not allowed/)).toBeInTheDocument()
    expect(sent).toBe(false)
  })
})
