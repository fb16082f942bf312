import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AdminContext, memoryStore } from 'react-admin'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ConflictDialog } from '../../../src/builder/common/ConflictDialog'
import { conflictItems, keptWrites, type Choice } from '../../../src/builder/common/conflicts'
import type { PendingWrite } from '../../../src/builder/common/pendingStore'
import type { Section } from '../../../src/builder/content/model'
import { i18nProvider, loadBuilderTexts } from '../../../src/i18n'
import { COURSE, draft } from './harness'

beforeAll(async () => {
  await i18nProvider.changeLocale('eng')
  await loadBuilderTexts()
})

const sections: Section[] = [
  {
    id: 's1',
    kind: 'section',
    title: 'Basics',
    position: 0,
    blocks: [
      { id: 'b1', kind: 'text', position: 0, version: 3, values: { title: 'Welcome', html: '<p>Hello from the other tab</p>' } },
      { id: 'b2', kind: 'link', position: 1, version: 1, values: { title: 'Reading', url: 'https://example.org/a' } },
    ],
  },
]
const write = (key: string, url: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'PUT'): PendingWrite => ({
  key,
  method,
  url,
  body: { uuid: COURSE, ...body },
})
const writes = [
  write('values:b1', '/api/v2/courses/creator/blocks', { item: 'b1', values: { title: 'Welcome', html: '<p>Hello from this tab</p>' } }),
  write('delete:b2', '/api/v2/courses/creator/blocks/delete', { id: 'b2' }, 'POST'),
  write('values:s1', '/api/v2/courses/creator/blocks', { item: 's1', values: { title: 'Basics' } }),
]

function show(onApply: (choices: Record<string, Choice>) => Promise<void>) {
  const items = conflictItems(writes, { course: draft(), sections })
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <ConflictDialog open mode="conflict" state={{ phase: 'ready', items }} onRetry={() => undefined} onApply={onApply} />
    </AdminContext>,
  )
  return items
}

describe('the conflict dialog, per block', () => {
  it('names each block by kind and title and shows both versions; an edit equal to the saved one asks nothing', () => {
    show(async () => undefined)
    const dialog = screen.getByRole('dialog', { name: 'Not saved: the course changed elsewhere' })
    expect(within(dialog).getByText('2 changes to decide')).toBeInTheDocument()
    const text = within(dialog).getByRole('radiogroup', { name: 'Text: Welcome — Hello from the other tab' })
    expect(within(text).getByRole('radio', { name: 'Keep mine' })).toHaveAccessibleDescription('Yours (not saved) Welcome — Hello from this tab')
    expect(within(text).getByRole('radio', { name: 'Take theirs' })).toHaveAccessibleDescription('Saved now Welcome — Hello from the other tab')
    const link = within(dialog).getByRole('radiogroup', { name: 'External link: Reading — https://example.org/a' })
    expect(link).toHaveTextContent('Deleted')
    // The section title is already the saved one: no decision about it.
    expect(within(dialog).queryByRole('radiogroup', { name: /Section/ })).not.toBeInTheDocument()
  })

  it('keeps mine for one block and takes theirs for the other, by keyboard', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn(async () => undefined)
    const items = show(onApply)
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Keep all mine' }))
    const link = within(dialog).getByRole('radiogroup', { name: /External link/ })
    within(link).getByRole('radio', { name: 'Keep mine' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(within(link).getByRole('radio', { name: 'Take theirs' })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Apply my choices' }))
    expect(onApply).toHaveBeenCalledWith({ 'values:b1': 'mine', 'delete:b2': 'theirs' })
    expect(keptWrites(writes, items, { 'values:b1': 'mine', 'delete:b2': 'theirs' })).toEqual([writes[0]])
  })
})
