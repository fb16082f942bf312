import './admin'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { renderAt, signedInAs } from '../account/harness'
import { asAdmin, bodyRows, serveList, summary, useCoursesNetwork } from './coursesFixture'

const net = useCoursesNetwork()

describe('courses management: the list', () => {
  it('shows the title, breadcrumb and columns, links each course, and pages with numbers', async () => {
    await asAdmin()
    const urls: string[] = []
    serveList(25, urls)
    renderAt('/admin/courses')
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses Management' })).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(crumbs).toHaveTextContent('Management')
    expect(within(crumbs).getByText('Courses')).toHaveAttribute('aria-current', 'page')
    const table = await screen.findByRole('table')
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10))
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Course', 'Owner', 'Status', 'Published', 'Active learners', 'Last change'])
    const first = bodyRows(table)[0]
    expect(within(first).getByRole('link', { name: 'Course 1' })).toHaveAttribute('href', `/admin/courses/${summary(1).uuid}`)
    expect(first).toHaveTextContent('Owner 1 <owner1@example.test>')
    expect(first).toHaveTextContent('Aula University')
    expect(within(first).getByText('Version 2')).toBeInTheDocument()
    expect(within(bodyRows(table)[1]).getByText('Not published')).toBeInTheDocument()
    expect(screen.getByText('25 records')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }))
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(5))
    expect(urls.at(-1)).toBe('/api/v2/admin/courses/all/3')
    expect(window.location.search).toBe('?page=3')
    expect(screen.getByRole('button', { name: 'Page 3, current page' })).toHaveAttribute('aria-current', 'page')
  })

  it('names each landmark once (axe landmark-unique, landmark-no-duplicate-*)', async () => {
    await asAdmin()
    serveList(25, [])
    renderAt('/admin/courses')
    const table = await screen.findByRole('table')
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10))
    const rules = ['landmark-unique', 'landmark-no-duplicate-main', 'landmark-no-duplicate-banner', 'landmark-no-duplicate-contentinfo']
    const { violations } = await axe.run(document.body, { runOnly: { type: 'rule', values: rules } })
    expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)}`))).toEqual([])
  })

  it('searches after typing stops, from page 1, and says when nothing matches', async () => {
    await asAdmin()
    const urls: string[] = []
    serveList(25, urls)
    renderAt('/admin/courses?page=2')
    await screen.findByRole('table')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name, keyword or id' }), 'Course 2')
    await waitFor(() => expect(urls.at(-1)).toBe('/api/v2/admin/courses/all/1/Course%202'))
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(7))
    expect(window.location.search).toBe('?search=Course+2')

    await userEvent.clear(screen.getByRole('searchbox'))
    await userEvent.type(screen.getByRole('searchbox'), 'zzz')
    expect(await screen.findByText('No course matches the search')).toBeInTheDocument()
  })

  it('goes to the last page when the address names a page past the end', async () => {
    await asAdmin()
    const urls: string[] = []
    serveList(15, urls)
    renderAt('/admin/courses?page=7')
    await waitFor(() => expect(window.location.search).toBe('?page=2'))
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(5))
    expect(urls).toEqual(['/api/v2/admin/courses/all/7', '/api/v2/admin/courses/all/2'])
  })

  it('shows an empty list, and a failure with a way to try again', async () => {
    await asAdmin()
    let fail = true
    net.server.use(
      http.get('*/api/v2/admin/courses/all/*', () => (fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json({ items: [] }))),
      http.get('*/api/v2/admin/courses/count/*', () => HttpResponse.json({ count: 0, pageSize: 10, pages: 0 })),
    )
    renderAt('/admin/courses')
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('There are no courses yet')).toBeInTheDocument()
  })

  it('keeps a learner out: permission denied, and no admin call made', async () => {
    await signedInAs(net.identity.add({ email: 'learner@example.test', groups: ['general'] }))
    let called = false
    net.server.use(http.get('*/api/v2/admin/courses/*', () => ((called = true), HttpResponse.json({ items: [] }))))
    renderAt('/admin/courses')
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
    expect(called).toBe(false)
  })
})
