import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COURSE, renderBuilder, summary, useBuilderServer } from './harness'

const ctx = useBuilderServer()

describe('the course list', () => {
  it('shows my courses first for a creator, each card leading to its builder', async () => {
    ctx.api.courses = [
      summary(1, { name: 'Algebra' }),
      summary(2, { name: 'Shared one', role: 'collaborator' }),
      summary(3, { name: 'Chemistry', publishedVersion: 2 }),
    ]
    renderBuilder('/creator/courses')
    const list = await screen.findByRole('list', { name: 'Courses' })
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Algebra', 'Chemistry'])
    expect(screen.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true')
    expect(within(list).getByText('Published (version 2)')).toBeInTheDocument()
    expect(screen.getByText('2 courses')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Algebra/ })).toHaveAttribute('href', `/creator/courses/${summary(1).uuid}`)
  })

  it('starts on "all" for a reviewer, and the tabs change the filter', async () => {
    ctx.api.courses = [summary(1, { name: 'Algebra', role: 'reviewer' }), summary(2, { name: 'Shared one', role: 'collaborator' })]
    const user = userEvent.setup()
    renderBuilder('/creator/courses', ['reviewer'])
    expect(await screen.findByRole('link', { name: /^Algebra/ })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Algebra/ })).not.toBeInTheDocument())
    expect(screen.getByRole('link', { name: /^Shared one/ })).toBeInTheDocument()
    expect(ctx.api.requests.some((r) => r.path === '/all/1/shared')).toBe(true)
    expect(screen.getByLabelText('location')).toHaveTextContent('/creator/courses?filter=shared')
  })

  it('searches on the server and pages with the count route', async () => {
    ctx.api.courses = Array.from({ length: 23 }, (_, i) => summary(i + 1, { name: `Course ${i + 1}` }))
    const user = userEvent.setup()
    renderBuilder('/creator/courses')
    expect(await screen.findByText('23 courses')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /^Course / })).toHaveLength(10)
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }))
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Course / })).toHaveLength(3))
    expect(screen.getByRole('link', { name: /^Course 21 / })).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'Course 2{Enter}')
    await waitFor(() => expect(screen.getByText('5 courses')).toBeInTheDocument())
    expect(ctx.api.requests.some((r) => r.path === '/count/1/mine/Course%202')).toBe(true)
  })

  it('says when nothing matches, and when there is nothing yet', async () => {
    const user = userEvent.setup()
    renderBuilder('/creator/courses')
    expect(await screen.findByText('You have no courses yet. Create the first one with “New course”.')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'zzz{Enter}')
    expect(await screen.findByText('No course matches “zzz”.')).toBeInTheDocument()
  })

  it('shows a failed load with its error and tries again', async () => {
    ctx.api.failOnce.set('/all/1/mine', 500)
    ctx.api.courses = [summary(1, { name: 'Algebra' })]
    const user = userEvent.setup()
    renderBuilder('/creator/courses')
    expect(await screen.findByText('Error while requesting the resource')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: /^Algebra/ })).toBeInTheDocument()
  })

  it('"New course" asks for a name, refuses an empty one, creates the course and opens its builder', async () => {
    const user = userEvent.setup()
    renderBuilder('/creator/courses')
    await user.click(await screen.findByRole('button', { name: 'New course' }))
    const dialog = screen.getByRole('dialog', { name: 'New course' })
    await user.click(within(dialog).getByRole('button', { name: 'Create and open' }))
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument()
    expect(ctx.api.started).toEqual([])
    await user.type(within(dialog).getByLabelText(/Course name/), 'Geometry')
    await user.click(within(dialog).getByRole('button', { name: 'Create and open' }))
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(`/creator/courses/${COURSE}/general`))
    expect(ctx.api.started).toEqual(['Geometry'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Geometry' })).toBeInTheDocument()
  })
})
