import { formatBytes, formatNumber } from '../../../ui/charts'
import { dateTime } from '../format'
import { FactsCard } from './FactsCard'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../../dataProvider'

/** The file storage: its size and number of objects, where it is, and when it was measured. */
export function StorageCard({ round }: { round: number }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  return (
    <FactsCard
      texts="aula.monitoring.storage"
      load={() => dataProvider.getStorageSize()}
      round={round}
      facts={(data, label, locale) => [
        [
          label('size'),
          <span
            key="size"
            data-testid="storage-size"
          >{`${formatBytes(data.bytes, locale)} (${label('bytes', { count: formatNumber(data.bytes, locale) })})`}</span>,
        ],
        [
          label('objects'),
          <span key="objects" data-testid="storage-objects">
            {formatNumber(data.objects, locale)}
          </span>,
        ],
        [label('driver'), data.driver === 's3' ? label('s3', { bucket: data.bucket ?? '' }) : label('local')],
        [label('measured'), dateTime(data.measuredAt, locale)],
      ]}
    />
  )
}
