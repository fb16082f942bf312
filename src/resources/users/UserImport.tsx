import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined'
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin'
import { LANGUAGES } from '../../../contracts/config'
import { IMPORT_MAX_BYTES, type ImportFileBody, type ImportJob, type ImportPreview } from '../../../contracts/admin/import'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { AdminPage } from '../common/AdminPage'
import { Scroll } from '../../ui/Scroll'
import { failureText } from '../common/ConfirmAction'
import { useAdminLoad } from '../common/useAdminLoad'

const T = 'aula.admin.users.import'
const POLL_MS = 1000
const live = (job: ImportJob) => job.status === 'queued' || job.status === 'running'

/**
 * Bulk import (`/admin/users/import`): choose a CSV (email, name, groups), read the preview with each
 * row's errors, then start the import. It runs as a job on the server: closing the tab does not stop
 * it, and opening this screen again shows the running job's progress.
 */
export function UserImport() {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const dataProvider = useDataProvider<AppDataProvider>()
  const jobs = useAdminLoad(() => dataProvider.getImportJobs(), 'jobs')
  const [file, setFile] = useState<ImportFileBody | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [busy, setBusy] = useState<'preview' | 'start' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [job, setJob] = useState<ImportJob | null>(null)
  const input = useRef<HTMLInputElement>(null)

  // The running job (from this tab or another, before a reload): the newest queued or running one.
  const running = job ?? jobs.data?.items.find(live) ?? null
  useEffect(() => {
    if (!running || !live(running)) return
    const timer = setTimeout(async () => {
      try {
        setJob(await dataProvider.getImportJob(running.id))
      } catch (e) {
        setError(failureText(e, translate('aula.admin.common.failed')))
      }
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [running, dataProvider, translate])
  const wasLive = useRef(false)
  useEffect(() => {
    if (running && live(running)) wasLive.current = true
    else if (running && wasLive.current) {
      wasLive.current = false
      jobs.reload()
    }
  }, [running, jobs])

  const choose = async (chosen: File | undefined) => {
    setError(null)
    setPreview(null)
    setFile(null)
    if (!chosen) return
    if (chosen.size > IMPORT_MAX_BYTES) {
      setError(translate(`${T}.tooLarge`, { size: Math.round(IMPORT_MAX_BYTES / 1024 / 1024) }))
      return
    }
    setBusy('preview')
    try {
      const body = { filename: chosen.name, csv: await readText(chosen) }
      setPreview(await dataProvider.previewImport(body))
      setFile(body)
    } catch (e) {
      setError(failureText(e, translate('aula.admin.common.failed')))
    } finally {
      setBusy(null)
    }
  }

  const start = async () => {
    if (!file) return
    setBusy('start')
    setError(null)
    try {
      // The invitations are written in the language the administrator is reading.
      const mailLocale = (LANGUAGES as readonly string[]).includes(locale) ? (locale as (typeof LANGUAGES)[number]) : undefined
      setJob(await dataProvider.startImport({ ...file, locale: mailLocale }))
      setPreview(null)
      setFile(null)
      if (input.current) input.current.value = ''
    } catch (e) {
      setError(failureText(e, translate('aula.admin.common.failed')))
    } finally {
      setBusy(null)
    }
  }

  const toImport = preview ? preview.valid - preview.existing : 0
  return (
    <AdminPage
      title={translate(`${T}.title`)}
      crumbs={[{ label: translate('aula.admin.users.crumb'), to: '/admin/users' }, { label: translate(`${T}.crumb`) }]}
    >
      <Stack spacing={2}>
        {running && <JobProgress job={running} />}
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate(`${T}.fileTitle`)}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate(`${T}.fileHelp`)}
            </Typography>
            {/* A real button that opens the hidden file input: a <label> styled as a button takes role="button",
                which ARIA does not allow on a label (axe aria-allowed-role). */}
            <Button
              variant="outlined"
              startIcon={busy === 'preview' ? <CircularProgress size={16} aria-hidden="true" /> : <UploadFileOutlined />}
              disabled={busy !== null}
              onClick={() => input.current?.click()}
            >
              {translate(`${T}.choose`)}
            </Button>
            <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={(e) => choose(e.target.files?.[0])} />
            {file && (
              <Typography component="span" sx={{ ml: 2 }}>
                {file.filename}
              </Typography>
            )}
            {error && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
          </CardContent>
        </Card>
        {preview && (
          <PreviewTable preview={preview}>
            <Button
              variant="contained"
              onClick={start}
              disabled={busy !== null || toImport === 0}
              startIcon={busy === 'start' ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
            >
              {translate(`${T}.start`, { smart_count: toImport })}
            </Button>
          </PreviewTable>
        )}
        {jobs.data && jobs.data.items.length > 0 && <History jobs={jobs.data.items.filter((j) => j.id !== running?.id || !live(running))} />}
      </Stack>
    </AdminPage>
  )
}

/** The file's text as UTF-8 (FileReader: every browser has it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'))
    reader.readAsText(file, 'utf-8')
  })
}

function PreviewTable({ preview, children }: { preview: ImportPreview; children: ReactNode }) {
  const translate = useTranslate()
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${T}.previewTitle`)}
        </Typography>
        {preview.fileErrors.map((e) => (
          <Alert key={e} severity="error" sx={{ mb: 1 }}>
            {e}
          </Alert>
        ))}
        <Typography role="status" sx={{ mb: 2 }}>
          {translate(`${T}.summary`, { total: preview.total, valid: preview.valid, invalid: preview.invalid, existing: preview.existing })}
        </Typography>
        {preview.rows.length > 0 && (
          <Scroll maxHeight={480}>
            <Table size="small" stickyHeader aria-label={translate(`${T}.previewTitle`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${T}.line`)}</TableCell>
                  <TableCell>{translate('aula.admin.users.fields.email')}</TableCell>
                  <TableCell>{translate('aula.admin.users.fields.name')}</TableCell>
                  <TableCell>{translate('aula.admin.users.fields.groups')}</TableCell>
                  <TableCell>{translate(`${T}.outcome`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.map((row) => {
                  const errors = Object.entries(row.errors)
                  return (
                    <TableRow key={row.line} sx={errors.length ? { bgcolor: 'error.light', '& td': { color: 'error.contrastText' } } : undefined}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell>{row.email}</TableCell>
                      <TableCell>{row.name}</TableCell>
                      <TableCell>{row.groups.join(', ')}</TableCell>
                      <TableCell>
                        {errors.length > 0 ? (
                          errors.map(([column, message]) => <div key={column}>{`${column}: ${message}`}</div>)
                        ) : row.exists ? (
                          <Chip size="small" label={translate(`${T}.exists`)} />
                        ) : (
                          <Chip size="small" color="success" label={translate(`${T}.ready`)} />
                        )}
                      </TableCell>
                    </TableRow>
                  )
                })}
              </TableBody>
            </Table>
          </Scroll>
        )}
        {children}
      </CardContent>
    </Card>
  )
}

function JobProgress({ job }: { job: ImportJob }) {
  const translate = useTranslate()
  const percent = job.total > 0 ? Math.round((job.processed / job.total) * 100) : live(job) ? 0 : 100
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${T}.job.${job.status}`, { filename: job.filename })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          sx={{ my: 2, height: 10, borderRadius: 5 }}
          aria-label={translate(`${T}.progress`)}
          aria-valuetext={translate(`${T}.progressValue`, { processed: job.processed, total: job.total })}
        />
        <Typography role="status">
          {translate(`${T}.counts`, { processed: job.processed, total: job.total, created: job.created, skipped: job.skipped, failed: job.failed })}
        </Typography>
        {job.finishedAt && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate(`${T}.finishedAt`, { date: formatDateTime(job.finishedAt) })}
          </Typography>
        )}
        {live(job) && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate(`${T}.background`)}
          </Typography>
        )}
        {job.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {job.error}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}

function History({ jobs }: { jobs: ImportJob[] }) {
  const translate = useTranslate()
  if (jobs.length === 0) return null
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${T}.history`)}
        </Typography>
        <Scroll>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.file`)}</TableCell>
                <TableCell>{translate(`${T}.started`)}</TableCell>
                <TableCell>{translate(`${T}.statusColumn`)}</TableCell>
                <TableCell>{translate(`${T}.result`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {jobs.map((j) => (
                <TableRow key={j.id}>
                  <TableCell>{j.filename}</TableCell>
                  <TableCell>{formatDateTime(j.createdAt)}</TableCell>
                  <TableCell>{translate(`${T}.statuses.${j.status}`)}</TableCell>
                  <TableCell>
                    {translate(`${T}.counts`, { processed: j.processed, total: j.total, created: j.created, skipped: j.skipped, failed: j.failed })}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroll>
      </CardContent>
    </Card>
  )
}
