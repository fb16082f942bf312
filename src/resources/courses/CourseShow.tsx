import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined'
import { Alert, Card, CardContent, Chip, Grid, LinearProgress, List, ListItem, ListItemText, Stack, TableCell, Typography } from '@mui/material'
import { useState } from 'react'
import { useLocaleState, useTranslate, useDataProvider } from 'react-admin'
import { useNavigate, useParams } from 'react-router-dom'
import type { AdminCourse } from '../../../contracts/courses/admin'
import { dateLocale, formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { ConfirmAction, type ActionResult } from '../common/ConfirmAction'
import { Line, Section } from '../common/DetailSection'
import { TableCard } from '../../ui/TableCard'
import { useAdminLoad } from '../common/useAdminLoad'
import { LoadError, T, personText } from './parts'
import { Subscriptors } from './Subscriptors'
import type { AppDataProvider } from '../../dataProvider'

/** `/creator/courses/{uuid}`: the builder of a course. */
export const builderPath = (uuid: string) => `/creator/courses/${uuid}`

/** `/admin/courses/{uuid}`: general data, plans, collaborators and subscriptors of one course, and Clone. */
export function CourseShow() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const navigate = useNavigate()
  const { id = '' } = useParams()
  // The outcome of Clone: an error stays here; a copy opens in the builder (open to administrators).
  const [result, setResult] = useState<ActionResult | null>(null)
  const { data, error, isPending, reload } = useAdminLoad(() => dataProvider.getAdminCourse(id), id)
  const crumbs = [{ label: translate(`${T}.crumb`), to: '/admin/courses' }, { label: data?.name ?? translate(`${T}.detail.crumb`) }]
  if (error) {
    return (
      <AdminPage title={translate(`${T}.detail.title`)} crumbs={crumbs}>
        <LoadError error={error} onRetry={reload} />
      </AdminPage>
    )
  }
  if (!data) return <LinearProgress aria-label={translate(`${T}.loading`)} />
  const clone = (
    <ConfirmAction
      label={translate(`${T}.clone.action`)}
      icon={<ContentCopyOutlined />}
      title={translate(`${T}.clone.title`)}
      content={translate(`${T}.clone.content`, { name: data.name })}
      onResult={(r) => setResult(r.severity === 'error' ? r : null)}
      run={async () => {
        const copy = await dataProvider.cloneCourse(data.uuid)
        navigate(builderPath(copy.uuid))
        return translate(`${T}.clone.done`)
      }}
    />
  )
  return (
    <AdminPage title={data.name} crumbs={crumbs} actions={clone}>
      {isPending && <LinearProgress aria-label={translate(`${T}.loading`)} sx={{ mb: 1 }} />}
      {result && (
        <Alert severity="error" role="alert" onClose={() => setResult(null)} sx={{ mb: 2 }}>
          {result.message}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <General course={data} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <Plans course={data} />
            <Collaborators course={data} />
          </Stack>
        </Grid>
        <Grid size={12}>
          <Subscriptors course={data} onChange={reload} />
        </Grid>
      </Grid>
    </AdminPage>
  )
}

function General({ course }: { course: AdminCourse }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const G = `${T}.general`
  const dash = (v: string | null | undefined) => (v && v.trim() ? v : '—')
  const counts = course.subscriptions
  return (
    <Section title={translate(`${G}.title`)}>
      <Line label={translate(`${G}.uuid`)} value={<code>{course.uuid}</code>} />
      <Line label={translate(`${G}.owner`)} value={course.owner ? personText(course.owner, translate(`${T}.gone`)) : '—'} />
      <Line
        label={translate(`${G}.published`)}
        value={
          course.publishedVersion
            ? translate(`${G}.publishedValue`, { version: course.publishedVersion, date: course.publishedAt ? formatDateTime(course.publishedAt) : '—' })
            : translate(`${T}.unpublished`)
        }
      />
      <Line
        label={translate(`${G}.subscriptions`)}
        value={translate(`${G}.subscriptionsValue`, { learners: counts.learners, active: counts.active, expired: counts.expired, revoked: counts.revoked })}
      />
      <Line label={translate(`${G}.status`)} value={dash(course.status?.name)} />
      <Line label={translate(`${G}.briefDescription`)} value={dash(course.briefDescription)} />
      <Line label={translate(`${G}.description`)} value={<span style={{ whiteSpace: 'pre-line' }}>{dash(course.description)}</span>} />
      <Line label={translate(`${G}.requirements`)} value={<span style={{ whiteSpace: 'pre-line' }}>{dash(course.requirements)}</span>} />
      <Line
        label={translate(`${G}.durationHours`)}
        value={course.durationHours === null ? '—' : translate(`${G}.hours`, { count: new Intl.NumberFormat(dateLocale(locale)).format(course.durationHours) })}
      />
      <Line label={translate(`${G}.difficulty`)} value={dash(course.difficulty?.name)} />
      <Line label={translate(`${G}.category`)} value={dash(course.category?.name)} />
      <Line label={translate(`${G}.organization`)} value={dash(course.organization?.name)} />
      <Line label={translate(`${G}.certificateDetails`)} value={dash(course.certificateDetails)} />
      <Line label={translate(`${G}.keywords`)} value={course.keywords.length ? <Chips items={course.keywords} /> : '—'} />
      <Line label={translate(`${G}.tags`)} value={course.tags.length ? <Chips items={course.tags} /> : '—'} />
      <Line label={translate(`${G}.sales`)} value={translate(course.salesEnabled ? `${G}.salesOn` : `${G}.salesOff`)} />
      <Line label={translate(`${G}.created`)} value={formatDateTime(course.createdAt)} />
      <Line label={translate(`${G}.updated`)} value={translate(`${G}.updatedValue`, { date: formatDateTime(course.updatedAt), revision: course.revision })} />
    </Section>
  )
}

function Chips({ items }: { items: string[] }) {
  return (
    <Stack direction="row" component="span" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {items.map((k) => (
        <Chip key={k} size="small" label={k} component="span" />
      ))}
    </Stack>
  )
}

function Plans({ course }: { course: AdminCourse }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const P = `${T}.plans`
  return (
    <TableCard
      title={translate(`${P}.title`)}
      rows={course.plans}
      empty={translate(`${P}.empty`)}
      columns={[translate(`${P}.name`), translate(`${P}.duration`), translate(`${P}.price`)]}
      rowKey={(p) => p.id}
      cells={(p) => (
        <>
          <TableCell>
            {p.name}
            {p.archived && <Chip size="small" variant="outlined" label={translate(`${P}.archived`)} sx={{ ml: 1 }} />}
          </TableCell>
          <TableCell>{translate(`${P}.days`, { smart_count: p.durationDays })}</TableCell>
          <TableCell>{p.price === null ? translate(`${P}.free`) : formatPrice(p.price, p.currency, dateLocale(locale))}</TableCell>
        </>
      )}
    />
  )
}

/** A price in its currency, written the reader's language's way. */
function formatPrice(price: number, currency: string | null, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency ?? 'MXN' }).format(price)
  } catch {
    return `${price} ${currency ?? ''}`.trim()
  }
}

function Collaborators({ course }: { course: AdminCourse }) {
  const translate = useTranslate()
  const C = `${T}.collaborators`
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${C}.title`)}
        </Typography>
        {course.collaborators.length === 0 ? (
          <Typography color="text.secondary">{translate(`${C}.empty`)}</Typography>
        ) : (
          <List dense disablePadding>
            {course.collaborators.map((c) => (
              <ListItem key={c.username} disableGutters>
                <ListItemText
                  primary={personText(c, translate(`${T}.gone`))}
                  secondary={translate(`${C}.since`, { date: formatDateTime(c.addedAt) })}
                  slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  )
}
