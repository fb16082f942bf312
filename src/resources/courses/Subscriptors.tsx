import BlockOutlined from '@mui/icons-material/BlockOutlined'
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined'
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link as MuiLink,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useState, type FormEvent } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import type { AdminCourse, Subscriptor } from '../../../contracts/courses/admin'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider/http'
import { formatDateTime } from '../../ui/formatDateTime'
import { ConfirmAction, failureText, type ActionResult } from '../common/ConfirmAction'
import { Scroll } from '../../ui/Scroll'
import { SubscriptionStatusChip } from '../common/StatusChips'
import { useAdminLoad } from '../common/useAdminLoad'
import { LoadError, Nothing, Pager, SearchBox, T } from './parts'

const S = `${T}.subscriptors`

/** `/admin/courses/{uuid}/learners/{username}`: a learner's subscriptions and forms in a course. */
export const learnerPath = (course: string, username: string) => `/admin/courses/${course}/learners/${encodeURIComponent(username)}`

/**
 * The course's learners (requirements §7 subscriptors): search, page numbers, the estimated number of
 * learners, add one with a plan, and revoke a learner's live subscriptions after confirming.
 */
export function Subscriptors({ course, onChange }: { course: AdminCourse; onChange: () => void }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [round, setRound] = useState(0)
  const [adding, setAdding] = useState(false)
  const [result, setResult] = useState<ActionResult | null>(null)
  const list = useAdminLoad(() => dataProvider.getSubscriptors(course.uuid, course.revision, page, search), `${course.uuid}|${page}|${search}|${round}`)
  const estimated = useAdminLoad(() => dataProvider.getSubscriptorsEstimate(course.uuid), `${course.uuid}|${round}`)
  const changed = (r: ActionResult) => {
    setResult(r)
    if (r.severity === 'success') {
      setRound((n) => n + 1)
      onChange()
    }
  }
  const name = (s: Subscriptor) => s.name || s.email || s.username

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}>
          <div>
            <Typography variant="h6" component="h2">
              {translate(`${S}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {estimated.data === undefined ? '\u00a0' : translate(`${S}.estimated`, { smart_count: estimated.data, count: estimated.data.toLocaleString() })}
            </Typography>
          </div>
          <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setAdding(true)}>
            {translate(`${S}.add`)}
          </Button>
        </Stack>
        <SearchBox
          value={search}
          placeholder={translate(`${S}.search`)}
          onSearch={(s) => {
            setSearch(s)
            setPage(1)
          }}
        />
        {result && (
          <Alert
            // The button that ran the action may be gone (a revoked row has none): the result takes the focus.
            ref={(el: HTMLDivElement | null) => el?.focus()}
            tabIndex={-1}
            severity={result.severity}
            role={result.severity === 'error' ? 'alert' : 'status'}
            onClose={() => setResult(null)}
            sx={{ mt: 2 }}
          >
            {result.message}
          </Alert>
        )}
        <div style={{ marginTop: 16 }}>
          {list.error ? (
            <LoadError error={list.error} onRetry={list.reload} />
          ) : (
            <>
              {list.isPending && <LinearProgress aria-label={translate(`${T}.loading`)} />}
              {list.data && list.data.items.length === 0 ? (
                <Nothing message={translate(search.trim() ? `${S}.noMatch` : `${S}.empty`)} />
              ) : list.data ? (
                <>
                  <Scroll label={translate(`${S}.title`)}>
                    <Table size="small" aria-busy={list.isPending}>
                      <TableHead>
                        <TableRow>
                          <TableCell>{translate(`${S}.learner`)}</TableCell>
                          <TableCell>{translate(`${S}.plan`)}</TableCell>
                          <TableCell>{translate(`${S}.started`)}</TableCell>
                          <TableCell>{translate(`${S}.expires`)}</TableCell>
                          <TableCell>{translate(`${S}.status`)}</TableCell>
                          <TableCell>{translate(`${S}.actions`)}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {list.data.items.map((s) => (
                          <TableRow key={s.username}>
                            <TableCell sx={{ minWidth: 180, wordBreak: 'break-word' }}>
                              <MuiLink component={Link} to={learnerPath(course.uuid, s.username)}>
                                {name(s)}
                              </MuiLink>
                              <Typography variant="caption" color="text.secondary" component="div">
                                {s.email && s.name ? s.email : !s.email ? translate(`${T}.gone`) : null}
                                {s.subscriptions > 1 && ` · ${translate(`${S}.count`, { smart_count: s.subscriptions })}`}
                              </Typography>
                            </TableCell>
                            <TableCell sx={{ minWidth: 120 }}>
                              {translate('aula.admin.subscriptions.detail.planValue', { name: s.current.planName, smart_count: s.current.durationDays })}
                            </TableCell>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.current.createdAt)}</TableCell>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.current.expiresAt)}</TableCell>
                            <TableCell>
                              <SubscriptionStatusChip {...s.current} />
                            </TableCell>
                            <TableCell>
                              {s.current.status === 'active' && (
                                <ConfirmAction
                                  label={translate(`${S}.revoke`)}
                                  icon={<BlockOutlined />}
                                  color="error"
                                  title={translate(`${S}.revokeTitle`)}
                                  content={translate(`${S}.revokeContent`, { name: name(s), course: course.name })}
                                  onResult={changed}
                                  run={async () => {
                                    await dataProvider.revokeSubscription(s.username, course.uuid)
                                    return translate(`${S}.revoked`, { name: name(s) })
                                  }}
                                />
                              )}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Scroll>
                  <Pager page={page} pages={list.data.pages} count={list.data.count} label={translate(`${S}.paging`)} onPage={setPage} />
                </>
              ) : null}
            </>
          )}
        </div>
      </CardContent>
      {adding && <AddSubscriptor course={course} onClose={() => setAdding(false)} onAdded={changed} />}
    </Card>
  )
}

/** The add dialog: a learner (e-mail or username) and one of the plans still offered. */
function AddSubscriptor({ course, onClose, onAdded }: { course: AdminCourse; onClose: () => void; onAdded: (r: ActionResult) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const plans = course.plans.filter((p) => !p.archived)
  const [user, setUser] = useState('')
  const [plan, setPlan] = useState(plans.length === 1 ? plans[0].id : '')
  const [errors, setErrors] = useState<{ user?: string; plan?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const missing = { user: user.trim() ? undefined : translate(`${S}.required`), plan: plan ? undefined : translate(`${S}.required`) }
    if (missing.user || missing.plan) return setErrors(missing)
    setBusy(true)
    setErrors({})
    try {
      await dataProvider.addSubscriptor(course.uuid, course.revision, plan, user)
      onAdded({ severity: 'success', message: translate(`${S}.added`, { name: user.trim() }) })
      onClose()
    } catch (error) {
      // What the learner typed stays in the dialog; the error says which field to fix.
      const status = error instanceof ApiError ? error.status : undefined
      const body = (error instanceof ApiError ? error.body : null) as { errors?: Record<string, string>; message?: string } | null
      if (status === 404 && body?.message === 'User not found') setErrors({ user: translate(`${S}.userNotFound`) })
      else if (body?.errors?.user) setErrors({ user: body.errors.user })
      else if (body?.errors?.subscription) setErrors({ plan: body.errors.subscription })
      else setErrors({ form: failureText(error, translate('aula.admin.common.failed')) })
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="add-subscriptor-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-subscriptor-title">{translate(`${S}.addTitle`, { course: course.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {plans.length === 0 && <Alert severity="warning">{translate(`${S}.noPlans`)}</Alert>}
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            <TextField
              label={translate(`${S}.user`)}
              helperText={errors.user ?? translate(`${S}.userHelp`)}
              error={!!errors.user}
              value={user}
              onChange={(e) => setUser(e.target.value)}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 254 } }}
            />
            <TextField
              select
              label={translate(`${S}.plan`)}
              value={plan}
              onChange={(e) => setPlan(e.target.value)}
              required
              disabled={plans.length === 0}
              error={!!errors.plan}
              helperText={errors.plan ?? ' '}
            >
              {plans.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {translate('aula.admin.subscriptions.detail.planValue', { name: p.name, smart_count: p.durationDays })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || plans.length === 0}
            startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
          >
            {translate(`${S}.addConfirm`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
