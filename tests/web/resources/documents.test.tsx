import './admin'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AdminDocument } from '../../../contracts/admin/documents'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()

const doc = (over: Partial<AdminDocument> = {}): AdminDocument => ({
  id: 'house-rules',
  name: 'House rules',
  content: '<p>Rules</p>',
  revision: 4,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  translations: [
    { locale: 'eng', name: 'House rules', content: '<p>Rules</p>' },
    { locale: 'it', name: 'Regole', content: '<p>Regole</p>' },
  ],
  outdated: ['eng', 'it'],
  ...over,
})

describe('documents: languages outdated by another language’s edit', () => {
  it('shows them in the list and the editor, and an editor marks one as up to date', async () => {
    await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
    let current = doc()
    const marks: unknown[] = []
    net.server.use(
      http.get('*/api/v2/admin/documents/all/:page', () => HttpResponse.json({ items: [current] })),
      http.get('*/api/v2/admin/documents/count/:page', () => HttpResponse.json({ count: 1, pageSize: 25, pages: 1 })),
      http.get('*/api/v2/admin/documents/document/house-rules', () => HttpResponse.json({ Item: current })),
      http.post('*/api/v2/admin/documents/mark-up-to-date', async ({ request }) => {
        const body = (await request.json()) as { locale: string }
        marks.push(body)
        current = { ...current, outdated: current.outdated.filter((l) => l !== body.locale) }
        return HttpResponse.json({ Item: current })
      }),
    )
    renderAt('/admin/documents')
    expect(await screen.findByText('Outdated: English, Italian')).toBeInTheDocument()

    renderAt('/admin/documents/house-rules')
    const notice = (await screen.findByText('Outdated languages')).closest('[role="alert"]') as HTMLElement
    expect(within(notice).getByText('English')).toBeInTheDocument()
    await userEvent.click(within(notice).getByRole('button', { name: 'Mark as up to date: Italian' }))
    await waitFor(() => expect(marks).toEqual([{ id: 'house-rules', locale: 'it', revision: 4 }]))
    await waitFor(() => expect(within(notice).queryByText('Italian')).not.toBeInTheDocument())
    expect(within(notice).getByRole('button', { name: 'Mark as up to date: English' })).toBeInTheDocument()
  })
})
