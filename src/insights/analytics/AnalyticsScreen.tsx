import { Alert, Stack } from '@mui/material'
import { useTranslate } from 'react-admin'
import { useParams } from 'react-router-dom'
import { ANALYTICS_PAGES, type AnalyticsPage } from '../../../contracts/insights/analytics'
import { DateRangePicker, useDateRange } from '../../ui/charts'
import { MonitoringFrame } from '../monitoring/MonitoringFrame'
import { ActiveLearners } from './ActiveLearners'
import { Completion } from './Completion'
import { Subscriptions } from './Subscriptions'
import { TopCourses } from './TopCourses'

const isPage = (p: string | undefined): p is AnalyticsPage => (ANALYTICS_PAGES as readonly string[]).includes(p ?? '')

/** `/admin/monitoring/{analytics-page}`: one analytics subject per page, over the period in the address. */
export function AnalyticsScreen() {
  const translate = useTranslate()
  const { page } = useParams()
  const period = useDateRange('last30')
  if (!isPage(page)) {
    return (
      <MonitoringFrame current="">
        <Alert severity="warning">{translate('aula.monitoring.notFound')}</Alert>
      </MonitoringFrame>
    )
  }
  return (
    <MonitoringFrame current={page}>
      <Stack spacing={2}>
        <DateRangePicker {...period} />
        {page === 'active-learners' && <ActiveLearners range={period.value} />}
        {page === 'subscriptions' && <Subscriptions range={period.value} />}
        {page === 'completion' && <Completion range={period.value} />}
        {page === 'top-courses' && <TopCourses range={period.value} />}
      </Stack>
    </MonitoringFrame>
  )
}
