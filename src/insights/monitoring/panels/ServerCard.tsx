import { useTranslate } from 'react-admin'
import { useChartData, useChartLocale } from '../../common'
import { monitoringApi } from '../api'
import { dateTime } from '../format'
import { FactsCard } from './FactsCard'

const T = 'aula.monitoring.server'

function uptime(seconds: number, translate: ReturnType<typeof useTranslate>) {
  return translate(`${T}.uptimeValue`, { days: Math.floor(seconds / 86400), hours: Math.floor((seconds % 86400) / 3600), minutes: Math.floor((seconds % 3600) / 60) })
}

/** The server: its version and build, Node, the database, and how long it has been up. */
export function ServerCard({ round }: { round: number }) {
  const translate = useTranslate()
  const locale = useChartLocale()
  const { data, panel } = useChartData(monitoringApi.version, ['version'], { round })
  const label = (key: string) => translate(`${T}.${key}`)
  return (
    <FactsCard
      title={label('title')}
      {...panel}
      facts={
        data
          ? [
              [label('version'), `${data.name} ${data.version}`],
              [label('build'), data.buildLabel],
              [label('node'), data.node],
              [label('database'), label(data.database)],
              [label('startedAt'), dateTime(data.startedAt, locale)],
              [label('uptime'), uptime(data.uptimeSeconds, translate)],
            ]
          : []
      }
    />
  )
}
