import { Box, Button, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslate } from 'react-admin'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { SALES_INTERVALS, type SalesInterval } from '../../../contracts/insights/finances'
import { screenGroups } from '../../../contracts/screens'
import { GroupGate } from '../../layout/access/GroupGate'
import { DateRangePicker, useDateRange, type DateRange, type DateRangePreset } from '../../ui/charts'

export const FINANCES = '/admin/finances'
const PAGES = [
  { to: FINANCES, label: 'aula.finances.title' },
  { to: `${FINANCES}/sales`, label: 'aula.finances.sales.title' },
  { to: `${FINANCES}/analytics`, label: 'aula.finances.analytics.title' },
] as const

/**
 * Open to administrators and finance staff only (the screen table of contracts/policy.ts); anyone else
 * sees the permission-denied screen, and the screen inside never mounts (so it asks the API nothing).
 */
export function FinanceGate({ children }: { children: ReactNode }) {
  return <GroupGate groups={screenGroups(FINANCES) ?? ['admin', 'finances']}>{children}</GroupGate>
}

/** Every finance screen's frame: a heading, and links between the three screens that keep the period. */
export function FinanceFrame({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  const translate = useTranslate()
  const { pathname, search } = useLocation()
  const period = new URLSearchParams(search)
  const keep = new URLSearchParams()
  for (const key of ['from', 'to']) if (period.get(key)) keep.set(key, period.get(key)!)
  const suffix = keep.size ? `?${keep}` : ''
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
      <Typography id={titleId} variant="h4" component="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Stack component="nav" aria-label={translate('aula.finances.title')} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {PAGES.map((page) => (
          <Button
            key={page.to}
            component={Link}
            to={`${page.to}${suffix}`}
            size="small"
            variant={pathname === page.to ? 'contained' : 'outlined'}
            aria-current={pathname === page.to ? 'page' : undefined}
          >
            {translate(page.label)}
          </Button>
        ))}
      </Stack>
      {children}
    </Box>
  )
}

/** The finance filters in the address: the period (`from`, `to`), `interval` and `currency`. */
export function useFinanceQuery(defaultPreset: DateRangePreset = 'last30') {
  const period = useDateRange(defaultPreset)
  const [params, setParams] = useSearchParams()
  const asked = params.get('interval') as SalesInterval | null
  const interval: SalesInterval = asked && (SALES_INTERVALS as readonly string[]).includes(asked) ? asked : 'day'
  const currencyParam = params.get('currency') ?? ''
  const currency = /^[A-Z]{3}$/.test(currencyParam) ? currencyParam : ''
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      if (value) next.set(key, value)
      else next.delete(key)
      return next
    })
  return {
    period,
    interval,
    currency,
    setInterval: (value: SalesInterval) => set('interval', value === 'day' ? '' : value),
    setCurrency: (value: string) => set('currency', value),
  }
}

/** The period picker, and optionally the bucket size and the currency. */
export function FinanceFilters(props: {
  period: { value: DateRange; onChange: (range: DateRange) => void }
  interval?: { value: SalesInterval; onChange: (value: SalesInterval) => void }
  currency?: { value: string; options: string[]; onChange: (value: string) => void; allowAll: boolean }
}) {
  const translate = useTranslate()
  const { interval, currency } = props
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 3, alignItems: { md: 'flex-end' }, flexWrap: 'wrap' }}>
      <DateRangePicker {...props.period} label={translate('aula.finances.period')} />
      {interval && (
        <Box>
          <Typography id="finance-interval-label" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {translate('aula.finances.interval.label')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={interval.value}
            aria-labelledby="finance-interval-label"
            onChange={(_, value: SalesInterval | null) => value && interval.onChange(value)}
          >
            {SALES_INTERVALS.map((i) => (
              <ToggleButton key={i} value={i}>
                {translate(`aula.finances.interval.${i}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
      {currency && (
        <TextField
          select
          size="small"
          label={translate('aula.finances.currency.label')}
          value={currency.value}
          onChange={(e) => currency.onChange(e.target.value)}
          // "All" is the empty value: shown as chosen, with the label above it.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 140 }}
        >
          {currency.allowAll && <MenuItem value="">{translate('aula.finances.currency.all')}</MenuItem>}
          {currency.options.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  )
}
