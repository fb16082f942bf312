import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COURSE, renderEditor, useContentServer } from './harness'

const ctx = useContentServer()
const block = (name: string) => screen.getByRole('article', { name })

describe('the content editor', () => {
  it('shows the sections and their blocks in order, and an empty course invites a first section', async () => {
    renderEditor(ctx)
    expect(await screen.findByText('This course has no sections yet. Add the first one to begin.')).toBeInTheDocument()

    ctx.content.section(
      'Basics',
      { kind: 'text', values: { title: 'Welcome', html: '<p>Hello</p>' } },
      { kind: 'link', values: { title: 'Reading', url: 'https://example.org' } },
    )
    ctx.content.section('Practice')
    renderEditor(ctx)
    const basics = await screen.findByRole('region', { name: 'Section 1: Basics' })
    expect(
      within(basics)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent),
    ).toEqual(['Welcome', 'Reading'])
    expect(screen.getByRole('region', { name: 'Section 2: Practice' })).toHaveTextContent('This section has no blocks.')
  })

  it('adds a section and a block with ids of its own, in order, and saves edits after a pause', async () => {
    const user = userEvent.setup()
    renderEditor(ctx)
    await user.click(await screen.findByRole('button', { name: 'Add section' }))
    const section = await screen.findByRole('region', { name: 'Section 1: New section' })
    await user.click(within(section).getByRole('button', { name: 'Add block to “New section”' }))
    await user.click(screen.getByRole('menuitem', { name: 'External link' }))
    const link = await screen.findByRole('article', { name: 'External link' })
    // A new block opens in its editor.
    await user.type(within(link).getByLabelText('Address (URL)'), 'https://example.org/guide')
    await user.type(within(link).getByLabelText('Block title (optional)'), 'Guide')

    await waitFor(() =>
      expect(ctx.content.writes.filter((w) => w.path === '/blocks').at(-1)?.body.values).toEqual({ url: 'https://example.org/guide', title: 'Guide' }),
    )
    const [addSection, addBlock] = ctx.content.writes
    expect(addSection).toMatchObject({ path: '/blocks/add', body: { uuid: COURSE, item: 'section', revision: 1, values: { title: 'New section' } } })
    expect(addBlock).toMatchObject({ path: '/blocks/add', body: { item: 'link', section: addSection!.body.id, revision: 2 } })
    expect(addBlock!.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await within(block('Guide')).findByText('Saved')).toBeInTheDocument()
  })

  it('keeps an address the server would refuse on screen, unsaved, with the reason', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', { kind: 'link', values: { title: 'Reading', url: 'https://example.org' } })
    renderEditor(ctx)
    const reading = await screen.findByRole('article', { name: 'Reading' })
    await user.click(within(reading).getByRole('button', { name: 'Edit' }))
    const url = within(reading).getByLabelText('Address (URL)')
    await user.clear(url)
    await user.type(url, 'javascript:alert(1)')
    expect(within(reading).getByText('Enter an address starting with http:// or https://')).toBeInTheDocument()
    await new Promise((r) => setTimeout(r, 200))
    expect(ctx.content.writes.some((w) => JSON.stringify(w.body).includes('javascript:'))).toBe(false)
    expect(url).toHaveValue('javascript:alert(1)')
  })

  it('asks a linked video’s length, holds the address until it is valid, and shows an uploaded video’s length', async () => {
    const user = userEvent.setup()
    ctx.content.section(
      'Basics',
      { kind: 'video', values: { title: 'Talk', url: 'https://video.example.org/talk.mp4', duration: 754 } },
      { kind: 'video', values: { title: 'Clip', path: `courses/${COURSE}/block-video/0123456789abcdef-clip.webm`, duration: 20 } },
    )
    renderEditor(ctx)
    const clip = await screen.findByRole('article', { name: 'Clip' })
    await user.click(within(clip).getByRole('button', { name: 'Edit' }))
    expect(within(clip).getByText('Length: 0:20 (read from the file)')).toBeInTheDocument()

    const talk = screen.getByRole('article', { name: 'Talk' })
    await user.click(within(talk).getByRole('button', { name: 'Edit' }))
    const length = within(talk).getByLabelText(/^Length/)
    expect(length).toHaveValue('12:34')
    await user.clear(length)
    expect(within(talk).getByText('Give the length of the video: learners’ progress is measured against it.')).toBeInTheDocument()
    await user.type(length, '1:99')
    expect(within(talk).getByText('Enter a length such as 12:30 or 1:05:00, up to 24 hours')).toBeInTheDocument()
    await new Promise((r) => setTimeout(r, 200))
    // Nothing without a valid length is sent (what was typed on the way may be).
    expect(ctx.content.writes.every((w) => typeof (w.body.values as { duration?: unknown }).duration === 'number')).toBe(true)
    await user.clear(length)
    await user.type(length, '1:05:00')
    await waitFor(() =>
      expect(ctx.content.writes.filter((w) => w.path === '/blocks').at(-1)?.body.values).toEqual({
        title: 'Talk',
        url: 'https://video.example.org/talk.mp4',
        duration: 3900,
      }),
    )
  })

  it('deletes a block after confirmation, and a section with its blocks', async () => {
    const user = userEvent.setup()
    const basics = ctx.content.section(
      'Basics',
      { kind: 'text', values: { title: 'Welcome', html: '<p>Hi</p>' } },
      { kind: 'text', values: { title: 'Summary', html: '' } },
    )
    renderEditor(ctx)
    await user.click(await screen.findByRole('button', { name: 'Actions for block Welcome' }))
    await user.click(screen.getByRole('menuitem', { name: 'Delete block' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete the block “Welcome”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('article', { name: 'Welcome' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Actions for block Welcome' }))
    await user.click(screen.getByRole('menuitem', { name: 'Delete block' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Welcome' })).not.toBeInTheDocument())
    await waitFor(() => expect(ctx.content.blockIds(basics)).toHaveLength(1))

    await user.click(await screen.findByRole('button', { name: 'Actions for section Basics' }))
    await user.click(screen.getByRole('menuitem', { name: 'Delete section' }))
    expect(screen.getByRole('dialog', { name: 'Delete the section “Basics”?' })).toHaveTextContent('The section and its block will be deleted.')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(ctx.content.sections).toEqual([]))
    expect(screen.queryByRole('article', { name: 'Summary' })).not.toBeInTheDocument()
  })

  it('moves blocks with the menu: up and down inside a section, and to another section', async () => {
    const user = userEvent.setup()
    const basics = ctx.content.section('Basics', { kind: 'text', values: { title: 'One', html: '' } }, { kind: 'text', values: { title: 'Two', html: '' } })
    const practice = ctx.content.section('Practice', { kind: 'text', values: { title: 'Three', html: '' } })
    renderEditor(ctx)
    await user.click(await screen.findByRole('button', { name: 'Actions for block One' }))
    expect(screen.getByRole('menuitem', { name: 'Move up' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }))
    expect(await screen.findByText('Block moved to position 2 of 2.')).toBeInTheDocument()
    const titles = (section: string) =>
      within(screen.getByRole('region', { name: section }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent)
    expect(titles('Section 1: Basics')).toEqual(['Two', 'One'])
    const stored = (section: string) => ctx.content.blockIds(section).map((id) => ctx.content.items.get(id)!.values.title)
    await waitFor(() => expect(stored(basics)).toEqual(['Two', 'One']))
    expect(ctx.content.writes.at(-1)).toMatchObject({ path: '/blocks/order', body: { section: basics } })

    await user.click(screen.getByRole('button', { name: 'Actions for block One' }))
    await user.click(screen.getByRole('menuitem', { name: 'Move to section…' }))
    const dialog = screen.getByRole('dialog', { name: 'Move “One” to another section' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Position' }))
    await user.click(screen.getByRole('option', { name: '1 of 2' }))
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    expect(titles('Section 2: Practice')).toEqual(['One', 'Three'])
    await waitFor(() => expect(ctx.content.writes.at(-1)).toMatchObject({ path: '/blocks/move/section', body: { section: practice, position: 0 } }))
    expect(stored(practice)).toEqual(['One', 'Three'])
    expect(stored(basics)).toEqual(['Two'])
  })

  it('moves sections with their menu', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics')
    ctx.content.section('Practice')
    renderEditor(ctx)
    await user.click(await screen.findByRole('button', { name: 'Actions for section Practice' }))
    await user.click(screen.getByRole('menuitem', { name: 'Move section up' }))
    expect(await screen.findByRole('region', { name: 'Section 1: Practice' })).toBeInTheDocument()
    await waitFor(() => expect(ctx.content.sections.map((id) => ctx.content.items.get(id)!.values.title)).toEqual(['Practice', 'Basics']))
  })

  it('undoes a refused move and keeps the error on that block only', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', { kind: 'text', values: { title: 'One', html: '' } }, { kind: 'text', values: { title: 'Two', html: '' } })
    ctx.content.refuse.set('/blocks/order', 400)
    renderEditor(ctx)
    await user.click(await screen.findByRole('button', { name: 'Actions for block One' }))
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }))
    const one = block('One')
    expect(await within(one).findByRole('alert')).toHaveTextContent('Not saved')
    const titles = within(screen.getByRole('region', { name: 'Section 1: Basics' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
    expect(titles).toEqual(['One', 'Two'])
    expect(within(block('Two')).queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(one).getByRole('button', { name: 'Dismiss' }))
    expect(within(one).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('keeps a refused edit on screen and sends it again on request', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', { kind: 'link', values: { title: 'Reading', url: 'https://example.org' } })
    renderEditor(ctx)
    const reading = await screen.findByRole('article', { name: 'Reading' })
    await user.click(within(reading).getByRole('button', { name: 'Edit' }))
    ctx.content.refuse.set('/blocks', 400)
    await user.type(within(reading).getByLabelText('Block title (optional)'), ' list')
    const alert = await within(block('Reading list')).findByRole('alert')
    expect(alert).toHaveTextContent('Not saved')
    expect(within(block('Reading list')).getByLabelText('Block title (optional)')).toHaveValue('Reading list')
    ctx.content.refuse.delete('/blocks')
    await user.click(within(alert).getByRole('button', { name: 'Save again' }))
    await waitFor(() => expect([...ctx.content.items.values()].find((i) => i.kind === 'link')!.values.title).toBe('Reading list'))
    expect(within(block('Reading list')).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('after a conflict, shows what another tab saved with the pending edit on top, and sends the edit', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', { kind: 'link', values: { title: 'Reading', url: 'https://example.org' } })
    const { saver } = renderEditor(ctx)
    const reading = await screen.findByRole('article', { name: 'Reading' })
    // Another tab adds a section: this tab's revision is now stale.
    ctx.content.revision += 1
    ctx.content.section('Added elsewhere')
    await user.click(within(reading).getByRole('button', { name: 'Edit' }))
    await user.type(within(reading).getByLabelText('Block title (optional)'), '!')
    await waitFor(() => expect(saver.status).toBe('conflict'))
    // The person keeps their edit: it goes out again on top of the current revision.
    saver.resolve(ctx.content.revision, saver.pending())
    expect(await screen.findByRole('region', { name: 'Section 2: Added elsewhere' })).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Reading!' })).getByLabelText('Block title (optional)')).toHaveValue('Reading!')
    await waitFor(() => expect([...ctx.content.items.values()].find((i) => i.kind === 'link')!.values.title).toBe('Reading!'))
  })

  it('lets a reviewer read the content without editing tools', async () => {
    ctx.content.section('Basics', { kind: 'text', values: { title: 'Welcome', html: '<p>Hello</p>' } })
    renderEditor(ctx, 'reviewer')
    expect(await screen.findByText('You can read the content but not edit it.')).toBeInTheDocument()
    expect(screen.getByText('Hello')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Add section|Actions for/ })).not.toBeInTheDocument()
  })
})

describe('a SCORM package block', () => {
  const pkg = {
    version: '1.2',
    title: 'Fire safety package',
    scos: [
      { id: 'item_1', title: 'Intro', entry: 'courses/c/block-scorm/p.zip.d/sco1/index.html' },
      { id: 'item_2', title: 'Quiz', entry: 'courses/c/block-scorm/p.zip.d/sco2/index.html' },
    ],
  }

  it('shows what the manifest says, and saves the rule the creator chooses', async () => {
    const user = userEvent.setup()
    ctx.content.section('Packages', {
      kind: 'scorm',
      values: { title: 'Fire safety', path: 'courses/c/block-scorm/p.zip', package: pkg, completeWhen: 'completed' },
    })
    renderEditor(ctx)
    const fire = await screen.findByRole('article', { name: 'Fire safety' })
    expect(within(fire).getByText('SCORM 1.2 · 2 parts')).toBeInTheDocument()
    expect(within(fire).getByText('Fire safety package')).toBeInTheDocument()
    expect(
      within(fire)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Intro', 'Quiz'])
    await user.click(within(fire).getByRole('button', { name: 'Edit' }))
    const rules = within(fire).getByRole('radiogroup', { name: 'The block is complete when' })
    expect(within(rules).getByRole('radio', { name: 'every part reports it is completed' })).toBeChecked()
    await user.click(within(rules).getByRole('radio', { name: 'every part reports it is passed (against the package’s mastery score)' }))
    await waitFor(() => expect(ctx.content.writes.filter((w) => w.path === '/blocks').at(-1)?.body.values).toMatchObject({ completeWhen: 'passed' }))
    expect(within(fire).getByText(/Upload a SCORM 1\.2 or SCORM 2004 package/)).toBeInTheDocument()
  })

  it('says a package is read when the block is saved, until the server has read it', async () => {
    ctx.content.section('Packages', { kind: 'scorm', values: { title: 'New package', path: 'courses/c/block-scorm/q.zip' } })
    renderEditor(ctx)
    const block = await screen.findByRole('article', { name: 'New package' })
    expect(within(block).getByText('The package is read when the block is saved.')).toBeInTheDocument()
  })
})
