import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Line, LineChart } from 'recharts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../src/dataProvider/http'
import { ChartPanel, CSV_BOM, formatMoney, type ChartColumn, type ChartRow } from '../../../../src/ui/charts'
import { renderKit } from './harness'

const rows: ChartRow[] = [
  { day: '2026-11-01', course: 'Química, en casa', sales: 1234.5 },
  { day: '2026-11-02', course: 'Say "hi"', sales: null },
]
const columns: ChartColumn[] = [
  { key: 'day', label: 'Day' },
  { key: 'course', label: 'Course' },
  { key: 'sales', label: 'Sales', format: (v) => (v === null ? 'none' : formatMoney(Number(v), 'EUR', 'eng')) },
]

/** The blob's bytes (jsdom's Blob has no `arrayBuffer()`; its FileReader reads them). */
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(blob)
  })

function panel(props: Partial<Parameters<typeof ChartPanel>[0]> = {}) {
  return (
    <ChartPanel title="Sales per day" description="In euros" loading={false} rows={rows} columns={columns} csvName="sales-november" {...props}>
      <LineChart data={rows}>
        <Line dataKey="sales" />
      </LineChart>
    </ChartPanel>
  )
}

describe('chart panel', () => {
  it('shows the chart first and, toggled to the table, the rows behind it', async () => {
    await renderKit(panel())
    const section = screen.getByRole('region', { name: 'Sales per day' })
    expect(within(section).getByRole('heading', { level: 2, name: 'Sales per day' })).toBeInTheDocument()
    expect(within(section).getByText('In euros')).toBeInTheDocument()
    expect(screen.getByRole('figure', { name: /Chart: Sales per day/ })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Chart' })).toHaveAttribute('aria-pressed', 'true')

    await userEvent.click(screen.getByRole('button', { name: 'Table' }))
    // The table scrolls inside its own named, focusable region (the page itself never scrolls sideways).
    expect(screen.getByRole('region', { name: 'Table: Sales per day' })).toHaveAttribute('tabindex', '0')
    const table = screen.getByRole('table', { name: 'Sales per day' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Course', 'Sales'])
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first).getByRole('rowheader')).toHaveTextContent('2026-11-01')
    expect(within(first).getByText('Química, en casa')).toBeInTheDocument()
    expect(within(first).getByText('€1,234.50')).toBeInTheDocument()
    expect(within(second).getByText('none')).toBeInTheDocument()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
  })

  it('switches views from the keyboard: one tab stop, arrows between the two views', async () => {
    await renderKit(panel())
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Chart' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: 'Table' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('table')).toBeInTheDocument()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: /Export CSV/ })).toHaveFocus()
    await userEvent.tab({ shift: true })
    await userEvent.keyboard('{ArrowLeft} ')
    expect(screen.getByRole('button', { name: 'Chart' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('figure')).toBeInTheDocument()
  })

  it('formats numbers without a format in the locale and shows a dash for no value', async () => {
    await renderKit(
      panel({
        columns: [
          { key: 'day', label: 'Day' },
          { key: 'sales', label: 'Sales' },
        ],
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Table' }))
    expect(screen.getByRole('cell', { name: '1,234.5' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '—' })).toBeInTheDocument()
  })

  it('shows a skeleton while loading, with the export and the toggle unavailable', async () => {
    await renderKit(panel({ loading: true }))
    expect(screen.getByRole('status', { name: 'Loading the data…' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Sales per day' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Table' })).toBeDisabled()
  })

  it('draws in the dark theme too, with the same views', async () => {
    await renderKit(panel({ headingLevel: 3 }), { dark: true })
    expect(screen.getByRole('heading', { level: 3, name: 'Sales per day' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Table' }))
    expect(screen.getAllByRole('row')).toHaveLength(3)
  })

  it('shows the failure with a retry that calls back', async () => {
    const onRetry = vi.fn()
    await renderKit(panel({ error: true, onRetry }))
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled()
    expect(screen.getByRole('alert')).toHaveTextContent('The data could not be loaded')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
  })

  it("shows the server's own explanation of a refused load", async () => {
    await renderKit(panel({ error: new ApiError('Forbidden', 'Only administrators see sales', 403, {}) }))
    expect(screen.getByRole('alert')).toHaveTextContent('Only administrators see sales')
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it('says when the period has no data', async () => {
    await renderKit(panel({ rows: [] }))
    expect(screen.getByText('No data for this period')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled()
  })

  describe('CSV export', () => {
    let blobs: Blob[]
    let downloads: string[]
    beforeEach(() => {
      blobs = []
      downloads = []
      // jsdom has neither object URLs nor downloads: the test takes the file where the browser would.
      URL.createObjectURL = (blob: Blob) => {
        blobs.push(blob)
        return 'blob:csv'
      }
      URL.revokeObjectURL = () => {}
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download)
      })
    })
    afterEach(() => vi.restoreAllMocks())

    it('saves the rows as a UTF-8 CSV with a byte-order mark and RFC 4180 quoting', async () => {
      await renderKit(panel())
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV: Sales per day' }))
      expect(downloads).toEqual(['sales-november.csv'])
      expect(blobs[0].type).toBe('text/csv;charset=utf-8')
      const bytes = new Uint8Array(await bytesOf(blobs[0]))
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
      expect(text).toBe(`${CSV_BOM}Day,Course,Sales\r\n2026-11-01,"Química, en casa",1234.5\r\n2026-11-02,"Say ""hi""",\r\n`)
    })
  })
})
