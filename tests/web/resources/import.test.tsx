import './admin'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ImportFileBody, ImportJob, ImportPreview } from '../../../contracts/admin/import'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()

const CSV = 'email,name,groups\nana@example.test,Ana,general\nnot-an-email,Bo,general\nold@example.test,Old,creator\n'
const preview: ImportPreview = {
  rows: [
    { line: 2, email: 'ana@example.test', name: 'Ana', groups: ['general'], errors: {}, exists: false },
    { line: 3, email: 'not-an-email', name: 'Bo', groups: ['general'], errors: { email: 'Not a valid e-mail address' }, exists: false },
    { line: 4, email: 'old@example.test', name: 'Old', groups: ['creator'], errors: {}, exists: true },
  ],
  total: 3,
  valid: 2,
  invalid: 1,
  existing: 1,
  fileErrors: [],
}

function job(overrides: Partial<ImportJob>): ImportJob {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    filename: 'people.csv',
    status: 'running',
    total: 2,
    processed: 0,
    created: 0,
    skipped: 0,
    failed: 0,
    invalid: 1,
    actor: 'admin@example.test',
    createdAt: new Date().toISOString(),
    startedAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
    ...overrides,
  }
}

async function asAdmin() {
  await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
}

describe('bulk import', () => {
  it('previews the file with each row’s errors, imports the valid rows and follows the job to the end', async () => {
    await asAdmin()
    const sent: ImportFileBody[] = []
    let polls = 0
    net.server.use(
      http.get('*/api/v2/admin/users/import/jobs', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })),
      http.post('*/api/v2/admin/users/import/preview', async ({ request }) => {
        sent.push((await request.json()) as ImportFileBody)
        return HttpResponse.json(preview)
      }),
      http.post('*/api/v2/admin/users/import/jobs', async ({ request }) => {
        sent.push((await request.json()) as ImportFileBody)
        return HttpResponse.json({ Item: job({ status: 'queued' }) }, { status: 202 })
      }),
      http.get('*/api/v2/admin/users/import/jobs/:id', () => {
        polls += 1
        return HttpResponse.json({
          Item:
            polls < 2
              ? job({ processed: 1, created: 1 })
              : job({ status: 'completed', processed: 2, created: 1, skipped: 1, finishedAt: new Date().toISOString() }),
        })
      }),
    )
    renderAt('/admin/users/import')
    expect(await screen.findByRole('heading', { level: 1, name: 'Import users from a CSV file' })).toBeInTheDocument()
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    // The file picker opens from a real button (a label given role="button" is axe's aria-allowed-role).
    const picker = screen.getByRole('button', { name: 'Choose a CSV file' })
    expect(picker.tagName).toBe('BUTTON')
    const opened = new Promise<void>((resolve) => input.addEventListener('click', () => resolve(), { once: true }))
    picker.focus()
    await userEvent.keyboard('{Enter}')
    await opened
    await userEvent.upload(input, new File([CSV], 'people.csv', { type: 'text/csv' }))

    const table = await screen.findByRole('table', { name: 'Preview' })
    expect(sent[0]).toEqual({ filename: 'people.csv', csv: CSV })
    expect(screen.getByText('3 rows: 2 valid, 1 with errors, 1 already have an account')).toBeInTheDocument()
    const [, ok, bad, existing] = within(table).getAllByRole('row')
    expect(within(ok).getByText('Ready')).toBeInTheDocument()
    expect(within(bad).getByText('email: Not a valid e-mail address')).toBeInTheDocument()
    expect(within(existing).getByText('Already exists')).toBeInTheDocument()

    // One new account: the invalid row and the existing address are not counted.
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 user' }))
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument()
    // The invitations are written in the language the administrator is reading.
    expect(sent[1]).toEqual({ filename: 'people.csv', csv: CSV, locale: 'eng' })
    expect(screen.getByText('The import runs on the server: you can close this page and come back to follow it.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Import of people.csv completed' })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100')
    expect(screen.getByText('2 of 2 processed: 1 created, 1 skipped, 0 failed')).toBeInTheDocument()
  })

  it('reopened while a job runs, shows that job’s progress', async () => {
    await asAdmin()
    net.server.use(
      http.get('*/api/v2/admin/users/import/jobs', () =>
        HttpResponse.json({ items: [job({ processed: 1200, total: 10000, created: 1200, filename: 'big.csv' })], paginationToken: null, estimated: 1 }),
      ),
      http.get('*/api/v2/admin/users/import/jobs/:id', () =>
        HttpResponse.json({ Item: job({ processed: 2500, total: 10000, created: 2500, filename: 'big.csv' }) }),
      ),
    )
    renderAt('/admin/users/import')
    expect(await screen.findByRole('heading', { name: 'Importing big.csv' })).toBeInTheDocument()
    const bar = screen.getByRole('progressbar', { name: 'Import progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '12')
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'))
    expect(screen.getByText('2500 of 10000 processed: 2500 created, 0 skipped, 0 failed')).toBeInTheDocument()
  })

  it('shows what is wrong with the file as a whole and offers no import', async () => {
    await asAdmin()
    net.server.use(
      http.get('*/api/v2/admin/users/import/jobs', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })),
      http.post('*/api/v2/admin/users/import/preview', () =>
        HttpResponse.json({
          rows: [],
          total: 0,
          valid: 0,
          invalid: 0,
          existing: 0,
          fileErrors: ['The header line lacks the column "email"'],
        } satisfies ImportPreview),
      ),
    )
    renderAt('/admin/users/import')
    await screen.findByRole('heading', { level: 1, name: 'Import users from a CSV file' })
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File(['mail;name\n'], 'wrong.csv', { type: 'text/csv' }))
    expect(await screen.findByText('The header line lacks the column "email"')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Import 0 users' })).toBeDisabled()
  })
})
