import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderEditor, renderReview, useContentServer } from './harness'

const ctx = useContentServer()

describe('block history', () => {
  it('lists every saved version with who and when and a preview, and restores one as a new version', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', { kind: 'link', values: { title: 'Reading', url: 'https://example.org/first' } })
    renderEditor(ctx)
    const reading = await screen.findByRole('article', { name: 'Reading' })
    await user.click(within(reading).getByRole('button', { name: 'Edit' }))
    const url = within(reading).getByLabelText('Address (URL)')
    await user.tripleClick(url)
    await user.paste('https://example.org/second')
    await waitFor(() => expect([...ctx.content.items.values()].find((i) => i.kind === 'link')!.version).toBe(2))

    await user.click(within(reading).getByRole('button', { name: 'Actions for block Reading' }))
    await user.click(screen.getByRole('menuitem', { name: 'Version history' }))
    const drawer = await screen.findByRole('region', { name: 'History of “Reading”' })
    const versions = await within(drawer).findAllByRole('listitem')
    expect(versions).toHaveLength(2)
    expect(versions[0]).toHaveTextContent('Version 2')
    expect(versions[0]).toHaveTextContent('Current')
    expect(within(versions[0]!).getByRole('link', { name: /Reading/ })).toHaveAttribute('href', 'https://example.org/second')
    // Every editor by name (given and family name), as the server answers it, never by account.
    expect(versions[0]).toHaveTextContent('Ana Ruiz')
    expect(versions[1]).toHaveTextContent(/Version 1Bruno Díaz · 01\/03\/2026/)
    expect(versions[1]).not.toHaveTextContent('bruno ·')
    expect(within(versions[0]!).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument()

    await user.click(within(versions[1]!).getByRole('button', { name: 'Restore version 1' }))
    expect(await screen.findByText('Version 1 restored as a new version.')).toBeInTheDocument()
    expect(ctx.content.writes.at(-1)).toMatchObject({ path: '/blocks/restore', body: { version: 1 } })
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(3))
    expect(within(drawer).getAllByRole('listitem')[0]).toHaveTextContent('Version 3')
    await user.click(within(drawer).getByRole('button', { name: 'Close history' }))
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Reading' })).getByLabelText('Address (URL)')).toHaveValue('https://example.org/first'),
    )
  })

  it('saves what the text editor shows, and puts a restored text back in the open editor', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', { kind: 'text', values: { title: 'Welcome', html: '<p>First words</p>' } })
    renderEditor(ctx)
    const welcome = await screen.findByRole('article', { name: 'Welcome' })
    await user.click(within(welcome).getByRole('button', { name: 'Edit' }))
    const editor = await within(welcome).findByRole('textbox', { name: 'Text' })
    await user.click(editor)
    await user.keyboard('{Control>}a{/Control}Second')
    // What is on screen is what is saved (jsdom's editing may drop a keystroke; the comparison does not care).
    await waitFor(() => expect(ctx.content.writes.at(-1)?.body.values).toEqual({ title: 'Welcome', html: `<p>${editor.textContent}</p>` }))
    expect(editor.textContent).not.toContain('First')

    await user.click(within(welcome).getByRole('button', { name: 'Actions for block Welcome' }))
    await user.click(screen.getByRole('menuitem', { name: 'Version history' }))
    const drawer = await screen.findByRole('region', { name: 'History of “Welcome”' })
    expect(await within(drawer).findByText('First words')).toBeInTheDocument()
    await user.click(within(drawer).getByRole('button', { name: 'Restore version 1' }))
    await user.click(await within(drawer).findByRole('button', { name: 'Close history' }))
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Welcome' })).getByRole('textbox', { name: 'Text' })).toHaveTextContent('First words'),
    )
  })

  it('tells when the history cannot be loaded', async () => {
    const user = userEvent.setup()
    ctx.content.section('Basics', { kind: 'text', values: { title: 'Welcome', html: '<p>Hi</p>' } })
    renderEditor(ctx)
    const welcome = await screen.findByRole('article', { name: 'Welcome' })
    ctx.content.items.clear()
    await user.click(within(welcome).getByRole('button', { name: 'Actions for block Welcome' }))
    await user.click(screen.getByRole('menuitem', { name: 'Version history' }))
    expect(await screen.findByText('The history could not be loaded.')).toBeInTheDocument()
  })
})

describe('headings inside block previews', () => {
  it('follow the block’s own heading without skipping a level', async () => {
    ctx.content.section('Basics', { kind: 'text', values: { title: 'Welcome', html: '<h3>Part one</h3><p>Hi</p><h4>Detail</h4><p>More</p>' } })
    renderEditor(ctx)
    const welcome = await screen.findByRole('article', { name: 'Welcome' })
    expect(within(welcome).getByRole('heading', { level: 3, name: 'Welcome' })).toBeInTheDocument()
    expect(within(welcome).getByRole('heading', { level: 4, name: 'Part one' })).toBeInTheDocument()
    expect(within(welcome).getByRole('heading', { level: 5, name: 'Detail' })).toBeInTheDocument()
  })
})

describe('the review view', () => {
  it('shows the whole course block by block, every kind read-only, text sanitised and simulations sandboxed', async () => {
    ctx.content.section(
      'Basics',
      { kind: 'text', values: { title: 'Welcome', html: '<p>Hello <strong>learners</strong></p><img src=x onerror="alert(1)"><script>alert(2)</script>' } },
      { kind: 'image', values: { title: 'Chart', path: 'courses/c/block-image/ab12cd34ef-chart.png', alt: 'A bar chart' } },
      { kind: 'attachment', values: { title: 'Data', path: 'courses/c/block-attachment/ab12cd34ef-data.csv', fileName: 'data.csv', size: 2048 } },
    )
    ctx.content.section(
      'Practice',
      { kind: 'link', values: { title: 'Reading', url: 'https://example.org/read' } },
      { kind: 'video', values: { title: 'Lecture', url: 'https://example.org/lecture.mp4' } },
      { kind: 'simulation', values: { title: 'Dice', url: 'https://example.org/dice.html' } },
      {
        kind: 'form',
        values: {
          name: 'Quiz',
          tries: 2,
          requiredScore: 50,
          questions: [
            {
              id: 'q1',
              type: 'single',
              text: 'Median?',
              options: [
                { id: 'a', text: 'Middle', correct: true },
                { id: 'b', text: 'Mode', correct: false },
              ],
            },
          ],
        },
      },
    )
    const { container } = renderReview()
    expect(await screen.findByRole('heading', { name: 'Course review: Statistics for everyone' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Contents' })).toHaveTextContent('BasicsPractice')
    const basics = screen.getByRole('region', { name: '1. Basics' })
    expect(
      within(basics)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(['Welcome', 'Chart', 'Data'])
    expect(within(basics).getByText('learners').tagName).toBe('STRONG')
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(within(basics).getByRole('img', { name: 'A bar chart' })).toBeInTheDocument()
    expect(within(basics).getByRole('link', { name: /Download data.csv/ })).toHaveTextContent('(2 kB)')

    const practice = screen.getByRole('region', { name: '2. Practice' })
    expect(within(practice).getByRole('link', { name: /Reading/ })).toHaveAttribute('rel', 'noopener noreferrer')
    expect(container.querySelector('video')).toHaveAttribute('controls')
    const frame = within(practice).getByTitle('Dice')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts')
    expect(within(practice).getByRole('article', { name: 'Quiz' })).toHaveTextContent('Median? (Single choice)')
    expect(within(practice).getByText('1 question · 2 attempts · required score 50 %')).toBeInTheDocument()
    expect(within(practice).getByText('Middle').closest('li')).toHaveTextContent('correct answer')
  })
})
