import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined'
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined'
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { useParams } from 'react-router-dom'
import type { FormAttemptSummary, LearnerForm } from '../../../contracts/courses/admin'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { Scroll } from '../../ui/Scroll'
import { TableCard } from '../../ui/TableCard'
import { SubscriptionStatusChip } from '../common/StatusChips'
import { useAdminLoad } from '../common/useAdminLoad'
import { coursePath } from './CourseList'
import { LearnerCertificate } from './LearnerCertificate'
import { LoadError, T, personText } from './parts'
import type { AppDataProvider } from '../../dataProvider'
import { visuallyHidden } from '../../ui/visuallyHidden'

const L = `${T}.learner`
/** `/admin/courses/{uuid}/learners/{username}`: a learner's subscriptions to the course, their certificate (revocable) and their tries of its forms. */
export function LearnerPage() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const { id = '', user = '' } = useParams()
  const course = useAdminLoad(() => dataProvider.getAdminCourse(id), id)
  const subscriptions = useAdminLoad(() => dataProvider.getLearnerSubscriptions(id, user), `${id}|${user}`)
  const forms = useAdminLoad(() => dataProvider.getLearnerForms(id, user), `${id}|${user}`)
  const learner = subscriptions.data?.learner ?? forms.data?.learner
  const who = learner ? personText(learner, translate(`${T}.gone`)) : user
  const crumbs = [
    { label: translate(`${T}.crumb`), to: '/admin/courses' },
    { label: course.data?.name ?? translate(`${T}.detail.crumb`), to: coursePath(id) },
    { label: translate(`${L}.crumb`) },
  ]
  return (
    <AdminPage title={translate(`${L}.title`, { name: who })} crumbs={crumbs}>
      <Stack spacing={2}>
        <TableCard
          title={translate(`${L}.subscriptions`)}
          failure={subscriptions.error ? <LoadError error={subscriptions.error} onRetry={subscriptions.reload} /> : null}
          rows={subscriptions.data?.items}
          loadingLabel={translate(`${T}.loading`)}
          empty={translate(`${L}.noSubscriptions`)}
          scrollLabel={translate(`${L}.subscriptions`)}
          columns={[
            translate(`${T}.subscriptors.plan`),
            translate(`${T}.subscriptors.started`),
            translate(`${T}.subscriptors.expires`),
            translate(`${T}.subscriptors.status`),
          ]}
          rowKey={(s) => s.id}
          cells={(s) => (
            <>
              <TableCell>{translate('aula.admin.subscriptions.detail.planValue', { name: s.planName, smart_count: s.durationDays })}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.expiresAt)}</TableCell>
              <TableCell>
                <SubscriptionStatusChip {...s} />
              </TableCell>
            </>
          )}
        />
        <LearnerCertificate course={id} user={user} />
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate(`${L}.forms`)}
            </Typography>
            {forms.error ? (
              <LoadError error={forms.error} onRetry={forms.reload} />
            ) : !forms.data ? (
              <LinearProgress aria-label={translate(`${T}.loading`)} />
            ) : forms.data.items.length === 0 ? (
              <Typography color="text.secondary">{translate(`${L}.noForms`)}</Typography>
            ) : (
              <Stack spacing={2}>
                {forms.data.items.map((f) => (
                  <FormTries key={f.formId} course={id} form={f} />
                ))}
              </Stack>
            )}
          </CardContent>
        </Card>
      </Stack>
    </AdminPage>
  )
}

function Outcome({ passed }: { passed: boolean | null }) {
  const translate = useTranslate()
  if (passed === null) return <Chip size="small" variant="outlined" label={translate(`${L}.notTaken`)} />
  return <Chip size="small" color={passed ? 'success' : 'error'} label={translate(passed ? `${L}.passed` : `${L}.failed`)} />
}

/** One form: its rules, the outcome, and every try (newest first) with a button to see the answers. */
function FormTries({ course, form }: { course: string; form: LearnerForm }) {
  const translate = useTranslate()
  const [open, setOpen] = useState<FormAttemptSummary | null>(null)
  const name = form.name ?? translate(`${L}.removedForm`)
  return (
    <Box component="section" aria-label={name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}
      >
        <div>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              form.requiredScore !== null ? translate(`${L}.requiredScore`, { score: form.requiredScore }) : null,
              form.tries !== null
                ? translate(`${L}.triesUsed`, { used: form.attempts.length, tries: form.tries })
                : translate(`${L}.triesCount`, { smart_count: form.attempts.length }),
              form.bestScore !== null ? translate(`${L}.bestScore`, { score: form.bestScore }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </div>
        <Outcome passed={form.passed} />
      </Stack>
      {form.attempts.length > 0 && (
        <Scroll label={translate(`${L}.attemptsOf`, { form: name })}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${L}.attempt`)}</TableCell>
                <TableCell>{translate(`${L}.when`)}</TableCell>
                <TableCell align="right">{translate(`${L}.score`)}</TableCell>
                <TableCell>{translate(`${L}.result`)}</TableCell>
                {/* Positioned, so the hidden label stays inside the scrolling table on a phone instead of widening the page. */}
                <TableCell sx={{ position: 'relative' }}>
                  <Box component="span" sx={visuallyHidden}>
                    {translate(S_ANSWERS)}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {form.attempts.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>{a.attempt}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.createdAt)}</TableCell>
                  <TableCell align="right">{a.score === null ? '—' : `${a.score} %`}</TableCell>
                  <TableCell>
                    <Outcome passed={a.passed} />
                  </TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setOpen(a)} aria-label={translate(`${L}.answersOf`, { attempt: a.attempt, form: name })}>
                      {translate(S_ANSWERS)}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroll>
      )}
      {open && <AttemptDialog course={course} attempt={open} formName={name} onClose={() => setOpen(null)} />}
    </Box>
  )
}

const S_ANSWERS = `${L}.answers`

/** One try in detail: each question, the options, which the learner chose and which were right. */
function AttemptDialog({ course, attempt, formName, onClose }: { course: string; attempt: FormAttemptSummary; formName: string; onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const detail = useAdminLoad(() => dataProvider.getFormAttempt(course, attempt.id), attempt.id)
  const d = detail.data
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="attempt-title" scroll="paper">
      <DialogTitle id="attempt-title">{translate(`${L}.answersTitle`, { form: formName, attempt: attempt.attempt })}</DialogTitle>
      <DialogContent dividers>
        {detail.error ? (
          <LoadError error={detail.error} onRetry={detail.reload} />
        ) : !d ? (
          <LinearProgress aria-label={translate(`${T}.loading`)} />
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${L}.attemptSummary`, { date: formatDateTime(d.createdAt), score: d.score ?? '—', version: d.courseVersion ?? '—' })}
            </Typography>
            {d.form.questions.length === 0 && <Typography color="text.secondary">{translate(`${L}.noQuestions`)}</Typography>}
            {d.form.questions.map((q, i) => (
              <Box key={q.id || i}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="h3" variant="subtitle2">
                    {translate(`${L}.question`, { n: i + 1 })} {q.text}
                  </Typography>
                  <Chip
                    size="small"
                    variant={q.correct === null ? 'outlined' : 'filled'}
                    color={q.correct === null ? 'default' : q.correct ? 'success' : 'error'}
                    label={translate(q.correct === null ? `${L}.unanswered` : q.correct ? `${L}.right` : `${L}.wrong`)}
                  />
                </Stack>
                <List dense disablePadding>
                  {q.options.map((o) => (
                    <ListItem key={o.id} disableGutters>
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        {o.correct ? (
                          <CheckCircleOutlined color="success" aria-hidden="true" />
                        ) : o.chosen ? (
                          <HighlightOffOutlined color="error" aria-hidden="true" />
                        ) : null}
                      </ListItemIcon>
                      <ListItemText
                        primary={o.text}
                        secondary={
                          [o.chosen ? translate(`${L}.chosen`) : null, o.correct ? translate(`${L}.correctOption`) : null].filter(Boolean).join(' · ') ||
                          undefined
                        }
                        slotProps={{ primary: { sx: { fontWeight: o.chosen ? 600 : 400 } } }}
                      />
                    </ListItem>
                  ))}
                </List>
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
