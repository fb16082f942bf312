import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
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
import { useCallback, useEffect, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { OrganizationPerson, PersonDetail, SeatCourse } from '../../contracts/organizations/managers'
import { Scroll } from '../ui/Scroll'
import type { AppDataProvider } from '../dataProvider'

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : null)

/** One person: their subscriptions with progress, completion and certificate, and "Add subscription" within the seats left. */
export function PersonPanel({
  host,
  person,
  seats,
  onClose,
  onSubscribed,
}: {
  host: string
  person: OrganizationPerson
  seats: SeatCourse[]
  onClose: () => void
  onSubscribed: () => Promise<void>
}) {
  const t = useTranslate()
  const name = person.name || person.email
  const [detail, setDetail] = useState<PersonDetail | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [course, setCourse] = useState('')
  const [plan, setPlan] = useState('')
  const [saving, setSaving] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  const dataProvider = useDataProvider<AppDataProvider>()
  // `live` says whether the answer still matters (the panel may have closed meanwhile).
  const load = useCallback(
    (live: () => boolean = () => true) =>
      dataProvider.getOrganizationPerson(host, person.username).then(
        (d) => live() && setDetail(d),
        (e: unknown) => live() && setError(e instanceof Error ? e.message : t('aula.organizations.loadError')),
      ),
    [dataProvider, host, person.username, t],
  )
  // The panel is keyed by the person: a new person is a new panel with its own state.
  useEffect(() => {
    let live = true
    void load(() => live)
    return () => {
      live = false
    }
  }, [load])

  const open = seats.filter((s) => s.left > 0)
  const chosen = seats.find((s) => s.courseId === course)
  const plans = chosen?.plans ?? []
  const chooseCourse = (id: string) => {
    setCourse(id)
    // A course with one plan picks it.
    const next = seats.find((s) => s.courseId === id)?.plans ?? []
    setPlan(next.length === 1 ? next[0].id : '')
  }

  const add = async () => {
    if (!chosen || !plan) return
    setSaving(true)
    setResult(null)
    try {
      await dataProvider.subscribeOrganizationPerson(host, { username: person.username, course, plan })
      setResult({ ok: true, text: t('aula.organizations.add.done', { name, course: chosen.courseName }) })
      chooseCourse('')
      await Promise.all([load(), onSubscribed()])
    } catch (e) {
      // The choice stays as it was, so nothing is lost on a refusal.
      setResult({ ok: false, text: e instanceof Error ? e.message : String(e) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card component="section" aria-labelledby="organization-person-heading">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2" id="organization-person-heading">
            {t('aula.organizations.person.heading', { name })}
          </Typography>
          <Button onClick={onClose}>{t('aula.organizations.person.close')}</Button>
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {!detail && !error && <LinearProgress aria-label={t('ra.page.loading')} />}
        {detail &&
          (detail.courses.length === 0 ? (
            <Typography color="text.secondary">{t('aula.organizations.person.empty')}</Typography>
          ) : (
            <Scroll>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('aula.organizations.person.course')}</TableCell>
                    <TableCell>{t('aula.organizations.person.status')}</TableCell>
                    <TableCell>{t('aula.organizations.person.progress')}</TableCell>
                    <TableCell>{t('aula.organizations.person.completed')}</TableCell>
                    <TableCell>{t('aula.organizations.person.certificate')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.courses.map((c) => (
                    <TableRow key={c.id}>
                      <TableCell>{c.courseName}</TableCell>
                      <TableCell>{t(`aula.organizations.status.${c.status}`)}</TableCell>
                      <TableCell>{c.percent}%</TableCell>
                      <TableCell>{day(c.completedAt) ?? t('aula.organizations.person.none')}</TableCell>
                      <TableCell>{c.certificate && !c.certificate.revokedAt ? c.certificate.code : t('aula.organizations.person.none')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Scroll>
          ))}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
          {t('aula.organizations.add.heading')}
        </Typography>
        {open.length === 0 ? (
          <Typography color="text.secondary">{t('aula.organizations.add.noSeats')}</Typography>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              sx={{ minWidth: 220 }}
              label={t('aula.organizations.add.course')}
              value={course}
              onChange={(e) => chooseCourse(e.target.value)}
            >
              {open.map((s) => (
                <MenuItem key={s.courseId} value={s.courseId}>
                  {t('aula.organizations.add.option', { course: s.courseName, left: s.left })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              sx={{ minWidth: 160 }}
              label={t('aula.organizations.add.plan')}
              value={plan}
              onChange={(e) => setPlan(e.target.value)}
              disabled={!chosen}
            >
              {plans.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={() => void add()} disabled={!chosen || !plan || saving}>
              {t('aula.organizations.add.submit')}
            </Button>
          </Stack>
        )}
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 1 }} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
