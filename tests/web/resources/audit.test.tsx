import './admin'
import { screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../contracts/admin/audit'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-03-05T10:00:00.000Z',
  actor: { username: 'admin-1', email: 'admin@example.test' },
  action: 'users.update',
  targetType: 'user',
  targetId: '5b1c2d3e-0000-4000-8000-000000000001',
  targetName: 'ana@example.test',
  before: null,
  after: {},
  ...over,
})

describe('audit log', () => {
  it('names each object, with its kind and id on hover, and every column header has text', async () => {
    await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
    net.server.use(
      http.get('*/api/v2/admin/audit/all', () =>
        HttpResponse.json({
          items: [
            entry({}),
            entry({ id: '2', action: 'courses.clone', targetType: 'course', targetId: '7c00a0b1-0000-4000-8000-000000000002', targetName: 'Algebra I' }),
            entry({ id: '3', action: 'documents.update', targetType: 'document', targetId: 'gone-doc', targetName: null }),
          ],
          paginationToken: null,
          estimated: 3,
        }),
      ),
    )
    renderAt('/admin/audit')
    const table = await screen.findByRole('table')
    const user = await within(table).findByText('ana@example.test')
    expect(user).toHaveAttribute('title', 'user · 5b1c2d3e-0000-4000-8000-000000000001')
    expect(within(table).getByText('Algebra I')).toHaveAttribute('title', 'course · 7c00a0b1-0000-4000-8000-000000000002')
    // An object that no longer exists shows its id.
    expect(within(table).getByText('document · gone-doc')).toBeInTheDocument()
    expect(within(table).queryByText(/5b1c2d3e/)).not.toBeInTheDocument()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Changes', 'When', 'Who', 'Action', 'Object'])
    const { violations } = await axe.run(table, { runOnly: { type: 'rule', values: ['empty-table-header'] } })
    expect(violations.flatMap((v) => v.nodes.map((n) => n.html))).toEqual([])
  })
})
