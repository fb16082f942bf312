import { createTheme, getContrastRatio } from '@mui/material/styles'
import { screen } from '@testing-library/react'
import { Suspense } from 'react'
import userEvent from '@testing-library/user-event'
import { useSetLocale, useTranslate } from 'react-admin'
import { describe, expect, it } from 'vitest'
import { chartColors, formatBytes, formatMoney, formatNumber, localeTag, toCsv, WithChartTexts } from '../../../../src/ui/charts'
import { catalogues } from '../../../../src/i18n/catalogues'
import { darkTheme, lightTheme } from '../../../../src/layout/theme/theme'
import { renderKit } from './harness'

describe('formats', () => {
  it("reads Aula's catalogue codes as their languages", () => {
    expect(localeTag('gr')).toBe('de')
    expect(localeTag('rs')).toBe('ru')
    expect(localeTag('mx')).toBe('es-MX')
    expect(localeTag('pt-BR')).toBe('pt-BR')
  })

  it('writes money with the locale’s symbol and separators', () => {
    expect(formatMoney(1234.5, 'EUR', 'eng')).toBe('€1,234.50')
    expect(formatMoney(1234.5, 'EUR', 'gr')).toBe('1.234,50\u00a0€')
    expect(formatMoney(99, 'MXN', 'mx')).toBe('$99.00')
    expect(formatMoney(5, 'NOT-A-CODE', 'eng')).toBe('5 NOT-A-CODE')
  })

  it('writes sizes in decimal units named in the locale', () => {
    expect(formatBytes(0, 'eng')).toBe('0 byte')
    expect(formatBytes(999, 'eng')).toBe('999 byte')
    expect(formatBytes(1500, 'eng')).toBe('1.5 kB')
    expect(formatBytes(2_345_678_901, 'eng')).toBe('2.35 GB')
    expect(formatBytes(123_400_000, 'gr')).toBe('123,4 MB')
    expect(formatBytes(5_000_000, 'rs')).toBe('5 МБ')
  })

  it('writes numbers with the locale’s separators', () => {
    expect(formatNumber(1234567.891, 'eng')).toBe('1,234,567.891')
    expect(formatNumber(1234567, 'it')).toBe('1.234.567')
    expect(formatNumber(0.25, 'eng', { style: 'percent' })).toBe('25%')
  })
})

describe('CSV text', () => {
  it('quotes by RFC 4180 and defuses text a spreadsheet would run as a formula', () => {
    const columns = [
      { key: 'name', label: 'Name, full' },
      { key: 'n', label: 'N' },
    ]
    const csv = toCsv(
      [
        { name: 'line\nbreak', n: -3 },
        { name: '=HYPERLINK("x")', n: null },
        { name: 'Ελληνικά / Русский', n: 0.5 },
      ],
      columns,
    )
    expect(csv).toBe('"Name, full",N\r\n"line\nbreak",-3\r\n"\'=HYPERLINK(""x"")",\r\nΕλληνικά / Русский,0.5\r\n')
    expect(toCsv([], columns)).toBe('"Name, full",N\r\n')
  })
})

describe('chart colours', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ])('give at least six series colours with 3:1 contrast on the %s theme’s panels', (_, options) => {
    const theme = createTheme(options as Parameters<typeof createTheme>[0])
    const colors = chartColors(theme)
    expect(colors.series.length).toBeGreaterThanOrEqual(6)
    expect(new Set(colors.series).size).toBe(colors.series.length)
    for (const c of colors.series) expect(getContrastRatio(c, theme.palette.background.paper), c).toBeGreaterThanOrEqual(3)
    expect(colors.series[0]).toBe(theme.palette.primary.main)
    expect(getContrastRatio(colors.axis, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5)
  })
})

function Probe() {
  const translate = useTranslate()
  const setLocale = useSetLocale()
  return (
    <>
      <p>{translate('aula.charts.range.last90')}</p>
      <button onClick={() => setLocale('rs')}>Русский</button>
    </>
  )
}

describe('chart texts', () => {
  it('are loaded by WithChartTexts', async () => {
    await renderKit(
      <Suspense fallback={<p>waiting</p>}>
        <WithChartTexts>
          <Probe />
        </WithChartTexts>
      </Suspense>,
    )
    expect(await screen.findByText('Last 90 days')).toBeInTheDocument()
  })

  it('follow a change of language', async () => {
    await renderKit(
      <Suspense fallback={<p>waiting</p>}>
        <WithChartTexts>
          <Probe />
        </WithChartTexts>
      </Suspense>,
    )
    expect(await screen.findByText('Last 90 days')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Русский' }))
    expect(await screen.findByText('Последние 90 дней')).toBeInTheDocument()
  })

  it('exist in every catalogue', () => {
    for (const catalogue of Object.values(catalogues)) expect((catalogue.aula as { charts?: unknown }).charts).toBeDefined()
  })
})
