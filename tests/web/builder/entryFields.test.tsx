import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COURSE, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
const tab = (name: string) => `/creator/courses/${COURSE}/${name}`

describe('fields that add an entry to a list', () => {
  it('keywords: a repeat or an over-long word is refused with the reason, which goes as the person types; an empty one is ignored', async () => {
    const user = userEvent.setup()
    renderBuilder(tab('general'))
    const field = await screen.findByRole('textbox', { name: 'Add keyword' })
    expect(screen.getByText('Type a word and press Enter')).toBeInTheDocument()
    await user.type(field, '{Enter}')
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument()
    await user.type(field, 'Data{Enter}')
    expect(screen.getByText('Already in the list')).toBeInTheDocument()
    expect(screen.queryByText('Type a word and press Enter')).not.toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    await user.clear(field)
    expect(screen.queryByText('Already in the list')).not.toBeInTheDocument()
    expect(screen.getByText('Type a word and press Enter')).toBeInTheDocument()
    await user.click(field)
    await user.paste('x'.repeat(61))
    await user.keyboard('{Enter}')
    expect(screen.getByText('At most 60 characters')).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, ' odds {Enter}')
    expect(field).toHaveValue('')
    await waitFor(() => expect(ctx.api.course!.keywords).toEqual(['data', 'odds']))
  })

  it('collaborators: an empty name or someone already listed is refused before anything is sent', async () => {
    const user = userEvent.setup()
    renderBuilder(tab('collaborators'))
    const field = await screen.findByRole('textbox', { name: 'User to invite' })
    await user.type(field, 'bruno{Enter}')
    expect(await screen.findByText('bruno was invited')).toBeInTheDocument()
    expect(field).toHaveValue('')
    await user.type(field, '{Enter}')
    expect(screen.getByText('This field is required')).toBeInTheDocument()
    await user.type(field, 'Bruno{Enter}')
    expect(screen.getByText('Already in the list')).toBeInTheDocument()
    expect(ctx.api.writes().filter((w) => w.path.includes('collaborator'))).toHaveLength(1)
  })
})
