import { dateTime } from '../format'
import { FactsCard } from './FactsCard'
import { useDataProvider } from 'react-admin'
import type { AppDataProvider } from '../../../dataProvider'

/** The server: its version and build, Node, the database, and how long it has been up. */
export function ServerCard({ round }: { round: number }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  return (
    <FactsCard
      texts="aula.monitoring.server"
      load={() => dataProvider.getServerVersion()}
      round={round}
      facts={(data, label, locale) => [
        [label('version'), `${data.name} ${data.version}`],
        [label('build'), data.buildLabel],
        [label('node'), data.node],
        [label('database'), label(data.database)],
        [label('startedAt'), dateTime(data.startedAt, locale)],
        [label('uptime'), label('uptimeValue', uptime(data.uptimeSeconds))],
      ]}
    />
  )
}

/** Whole days, hours and minutes of a length of time in seconds. */
const uptime = (seconds: number) => ({
  days: Math.floor(seconds / 86400),
  hours: Math.floor((seconds % 86400) / 3600),
  minutes: Math.floor((seconds % 3600) / 60),
})
