import { useTranslate } from 'react-admin'
import { formatBytes, formatNumber, useChartData, useChartLocale } from '../../common'
import { monitoringApi } from '../api'
import { dateTime } from '../format'
import { FactsCard } from './FactsCard'

const T = 'aula.monitoring.storage'

/** The file storage: its size and number of objects, where it is, and when it was measured. */
export function StorageCard({ round }: { round: number }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const { data, panel } = useChartData(monitoringApi.storage, ['storage'], { round })
  const label = (key: string) => translate(`${T}.${key}`)
  return (
    <FactsCard
      title={label('title')}
      {...panel}
      facts={
        data
          ? [
              [label('size'), <span key="size" data-testid="storage-size">{`${formatBytes(data.bytes, locale)} (${translate(`${T}.bytes`, { count: formatNumber(data.bytes, locale) })})`}</span>],
              [label('objects'), <span key="objects" data-testid="storage-objects">{formatNumber(data.objects, locale)}</span>],
              [label('driver'), data.driver === 's3' ? translate(`${T}.s3`, { bucket: data.bucket ?? '' }) : label('local')],
              [label('measured'), dateTime(data.measuredAt, locale)],
            ]
          : []
      }
    />
  )
}
