import { Box, MenuItem, TextField } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import type { Interval } from '../../../contracts/insights/analytics'
import { useChartData, type DateRange } from '../../ui/charts'

const T = 'aula.monitoring.analytics'

type IntervalChoice = Interval | 'auto'

/** The bucket size picker of the series pages ("automatic" lets the server choose by the range's length). */
function IntervalSelect({ value, onChange }: { value: IntervalChoice; onChange: (v: IntervalChoice) => void }) {
  const translate = useTranslate()
  return (
    <TextField
      select
      size="small"
      label={translate(`${T}.interval`)}
      value={value}
      onChange={(e) => onChange(e.target.value as IntervalChoice)}
      sx={{ minWidth: 160 }}
    >
      {(['auto', 'day', 'week', 'month'] as const).map((v) => (
        <MenuItem key={v} value={v}>
          {translate(`${T}.${v}`)}
        </MenuItem>
      ))}
    </TextField>
  )
}

/**
 * A series over the period, per the bucket size the person picks: the series' data (asked again on a
 * new period or bucket size) and the picker to draw above its chart.
 */
export function useIntervalSeries<T>(
  name: string,
  range: DateRange,
  load: (range: DateRange, interval?: Interval) => Promise<T>,
  isEmpty: (data: T) => boolean,
) {
  const [interval, setInterval] = useState<IntervalChoice>('auto')
  const chart = useChartData(() => load(range, interval === 'auto' ? undefined : interval), [name, range.from, range.to, interval], { isEmpty })
  const picker = (
    <Box>
      <IntervalSelect value={interval} onChange={setInterval} />
    </Box>
  )
  return { ...chart, picker }
}
