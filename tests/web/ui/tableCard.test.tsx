import { render, screen, within } from '@testing-library/react'
import { TableCell } from '@mui/material'
import { describe, expect, it } from 'vitest'
import { TableCard, type TableCardProps } from '../../../src/ui/TableCard'

interface Row {
  id: string
  name: string
}

function card(props: Partial<TableCardProps<Row>>) {
  return render(
    <TableCard<Row>
      title="Devices"
      rows={undefined}
      empty="Nothing yet"
      columns={['Name', 'Id']}
      rowKey={(r) => r.id}
      cells={(r) => (
        <>
          <TableCell>{r.name}</TableCell>
          <TableCell>{r.id}</TableCell>
        </>
      )}
      {...props}
    />,
  )
}

describe('TableCard', () => {
  it('shows a hidden progress bar until the rows come, or a named one when given a label', () => {
    const first = card({})
    expect(screen.getByRole('heading', { level: 2, name: 'Devices' })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('progressbar', { hidden: true })).toHaveAttribute('aria-hidden', 'true')
    first.unmount()
    card({ loadingLabel: 'Loading…' })
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument()
  })

  it('shows the failure instead of anything else, and the footer whatever is shown', () => {
    card({ failure: <p role="alert">It broke</p>, rows: [{ id: '1', name: 'Phone' }], footer: <button>More</button> })
    expect(screen.getByRole('alert')).toHaveTextContent('It broke')
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument()
  })

  it('says when there are no rows, else draws the table with its headings and one row each', () => {
    const empty = card({ rows: [] })
    expect(screen.getByText('Nothing yet')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
    empty.unmount()
    card({
      rows: [
        { id: '1', name: 'Phone' },
        { id: '2', name: 'Laptop' },
      ],
      scrollLabel: 'Devices table',
    })
    const region = screen.getByRole('region', { name: 'Devices table' })
    const rows = within(region).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual(['NameId', 'Phone1', 'Laptop2'])
    expect(screen.queryByText('Nothing yet')).toBeNull()
  })
})
