import { Box, MenuItem, Stack, TextField } from '@mui/material'
import { useState } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartPanel, useChartColors, useChartData, type DateRange } from '../../ui/charts'
import type { AppDataProvider } from '../../dataProvider'

const T = 'aula.monitoring.analytics.topCourses'

const ORDERS = ['subscriptions', 'completions', 'learners'] as const

/** The period's ten leading courses, by the figure the person picks. */
export function TopCourses({ range }: { range: DateRange }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const colors = useChartColors()
  const [by, setBy] = useState<(typeof ORDERS)[number]>('subscriptions')
  const { data, panel } = useChartData(() => dataProvider.getTopCourses(range, by), ['top-courses', range.from, range.to, by])
  const label = (k: string) => translate(`${T}.${k}`)
  const rows = (data?.courses ?? []).map((c) => ({ ...c }))
  return (
    <Stack spacing={2}>
      <Box>
        <TextField select size="small" label={label('by')} value={by} onChange={(e) => setBy(e.target.value as (typeof ORDERS)[number])} sx={{ minWidth: 200 }}>
          {ORDERS.map((o) => (
            <MenuItem key={o} value={o}>
              {label(o)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ChartPanel
        title={label('title')}
        description={translate(`${T}.description`, { limit: 10, by: label(by).toLowerCase() })}
        {...panel}
        rows={rows}
        columns={[
          { key: 'name', label: label('course') },
          { key: 'subscriptions', label: label('subscriptions') },
          { key: 'completions', label: label('completions') },
          { key: 'learners', label: label('learners') },
        ]}
        csvName={`top-courses-${by}-${range.from}-${range.to}`}
        height={Math.max(240, rows.length * 40 + 80)}
      >
        <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid stroke={colors.grid} horizontal={false} />
          <XAxis type="number" allowDecimals={false} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={140} stroke={colors.axis} tick={{ fill: colors.axis, fontSize: 12 }} interval={0} />
          <Tooltip contentStyle={colors.tooltip} />
          <Legend />
          <Bar maxBarSize={40} dataKey={by} name={label(by)} fill={colors.series[0]} />
        </BarChart>
      </ChartPanel>
    </Stack>
  )
}
