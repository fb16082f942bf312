import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined'
import { Alert, Box, Button, Chip, IconButton, Link, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { useDataProvider } from 'react-admin'
import { acceptAttribute, type MyAssignment } from '../../../contracts/learner/assignments'
import type { PlayerPage } from '../../../contracts/learner/player'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider/http'
import { useDateFormat } from '../../ui/formatDateTime'
import { nestHeadings, sanitizeHtml } from '../../ui/sanitizeHtml'
import { UploadField } from '../../ui/upload'
import type { PlayerTranslate } from './texts'

interface Props {
  t: PlayerTranslate
  course: string
  page: PlayerPage
}

/**
 * An assignment as the learner does it: the instructions and due date, where their work stands
 * (not handed in, handed in and perhaps late, returned with feedback, graded with points, pass or fail,
 * the rubric's levels and feedback), and, while the server allows it, handing files (uploaded straight
 * to storage with progress) and/or a text in. What was typed or uploaded stays on screen when sending fails.
 */
export function AssignmentBlock({ t, course, page }: Props) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const dates = useDateFormat()
  const block = page.block.id
  const a = page.block.values.assignment
  const [mine, setMine] = useState<MyAssignment | null>(null)
  const [loadError, setLoadError] = useState(false)
  const [round, setRound] = useState(0)
  const [files, setFiles] = useState<Array<{ path: string; name: string }>>([])
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const statusRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let live = true
    dataProvider.getMyAssignment(course, block).then(
      (m) => {
        if (!live) return
        setMine(m)
        setText((current) => current || m.submission?.text || '')
      },
      () => live && setLoadError(true),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, block, round])

  if (!a) return <Alert severity="warning">{t('assignment.missing')}</Alert>
  if (loadError)
    return (
      <Alert severity="error" action={<Button onClick={() => (setLoadError(false), setRound((r) => r + 1))}>{t('retry')}</Button>}>
        {t('assignment.loadError')}
      </Alert>
    )

  const submission = mine?.submission ?? null
  const grade = submission?.grade ?? null
  const textAllowed = a.textAnswer !== 'none'
  const ready = (files.length > 0 || text.trim() !== '') && (a.textAnswer !== 'required' || text.trim() !== '')

  const send = async () => {
    setSending(true)
    setProblem(null)
    setSent(false)
    try {
      await dataProvider.submitAssignment({
        course,
        block,
        revision: submission?.revision ?? 0,
        files,
        ...(textAllowed && text.trim() ? { text } : {}),
      })
      setFiles([])
      setSent(true)
      setRound((r) => r + 1)
      statusRef.current?.focus()
    } catch (err) {
      const code = err instanceof ApiError ? (err.body as { code?: string } | null)?.code : undefined
      setProblem(
        code === 'PAST_DUE'
          ? t('assignment.pastDue')
          : code === 'ALREADY_GRADED'
            ? t('assignment.alreadyGraded')
            : code === 'STALE_REVISION'
              ? t('assignment.stale')
              : t('assignment.sendError'),
      )
      if (code) setRound((r) => r + 1)
    } finally {
      setSending(false)
    }
  }

  return (
    <Stack spacing={2}>
      <Box className="aula-text" dangerouslySetInnerHTML={{ __html: nestHeadings(sanitizeHtml(a.instructions), 1) }} />
      {a.rubric.length > 0 && (
        <Box>
          <Typography component="h2" variant="h6">
            {t('assignment.rubric')}
          </Typography>
          <List dense>
            {a.rubric.map((c) => (
              <ListItem key={c.id} disableGutters>
                <ListItemText primary={c.title} secondary={c.levels.map((l) => t('assignment.level', { title: l.title, smart_count: l.points })).join(' · ')} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      <Typography color="text.secondary">
        {mine?.dueAt ? t('assignment.due', { date: dates.dateTime(mine.dueAt) }) : t('assignment.noDue')} ·{' '}
        {t('assignment.passMark', { pass: a.passMark, smart_count: a.maxPoints })}
      </Typography>
      <Box ref={statusRef} tabIndex={-1} role="status" sx={{ outline: 'none' }}>
        {!mine ? (
          <Typography>{t('assignment.loading')}</Typography>
        ) : !submission ? (
          <Alert severity="info">{t('assignment.notSubmitted')}</Alert>
        ) : grade ? (
          <Alert severity={grade.passed ? 'success' : 'warning'}>
            <strong>{grade.passed ? t('assignment.passed') : t('assignment.failed')}</strong>{' '}
            {t('assignment.points', { points: grade.points, max: grade.maxPoints, score: grade.score })}
          </Alert>
        ) : submission.status === 'returned' ? (
          <Alert severity="warning">{t('assignment.returned')}</Alert>
        ) : (
          <Alert severity="success">
            {t('assignment.submitted', { date: dates.dateTime(submission.submittedAt) })}
            {submission.late && (
              <>
                {' '}
                <Chip size="small" color="warning" label={t('assignment.late')} />
              </>
            )}
          </Alert>
        )}
        {sent && <Typography sx={{ mt: 1 }}>{t('assignment.sent')}</Typography>}
      </Box>
      {grade?.rubric && (
        <List dense aria-label={t('assignment.rubric')}>
          {a.rubric.map((c) => {
            const level = c.levels.find((l) => l.id === grade.rubric?.[c.id])
            return (
              <ListItem key={c.id} disableGutters>
                <ListItemText primary={c.title} secondary={level ? t('assignment.level', { title: level.title, smart_count: level.points }) : '—'} />
              </ListItem>
            )
          })}
        </List>
      )}
      {submission?.feedback && (
        <Box>
          <Typography component="h2" variant="h6">
            {t('assignment.feedback')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{submission.feedback}</Typography>
        </Box>
      )}
      {submission && submission.files.length > 0 && (
        <Box>
          <Typography component="h2" variant="h6">
            {t('assignment.yourFiles')}
          </Typography>
          {submission.files.map((f) => (
            <Box key={f.path}>
              <Link href={f.url} download={f.name}>
                {t('assignment.download', { name: f.name })}
              </Link>
            </Box>
          ))}
        </Box>
      )}
      {mine && !mine.canSubmit && !grade && mine.refusal === 'PAST_DUE' && <Alert severity="info">{t('assignment.pastDue')}</Alert>}
      {mine?.canSubmit && (
        <Stack spacing={2} component="section" aria-label={t('assignment.handIn')}>
          <Typography component="h2" variant="h6">
            {submission ? t('assignment.resubmit') : t('assignment.handIn')}
          </Typography>
          {a.maxFiles > 0 && (
            <>
              {files.length > 0 && (
                <List dense aria-label={t('assignment.toHandIn')}>
                  {files.map((f) => (
                    <ListItem
                      key={f.path}
                      secondaryAction={
                        <IconButton
                          edge="end"
                          aria-label={t('assignment.removeFile', { name: f.name })}
                          onClick={() => setFiles(files.filter((g) => g.path !== f.path))}
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      }
                    >
                      <ListItemText primary={f.name} />
                    </ListItem>
                  ))}
                </List>
              )}
              {files.length < a.maxFiles && (
                <UploadField
                  label={t('assignment.file')}
                  kind="assignment-file"
                  accept={acceptAttribute(a) || undefined}
                  helperText={t('assignment.fileHelp', { kinds: a.fileTypes.join(', ') || t('assignment.anyKind'), smart_count: a.maxFiles })}
                  getParams={(ask) => dataProvider.askAssignmentUpload({ course, block, ...ask })}
                  onUploaded={(path, file) => setFiles((list) => [...list, { path, name: file.name }])}
                />
              )}
            </>
          )}
          {textAllowed && (
            <TextField
              label={a.textAnswer === 'required' ? t('assignment.textRequired') : t('assignment.text')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={4}
              required={a.textAnswer === 'required'}
              slotProps={{ htmlInput: { maxLength: 50000 } }}
            />
          )}
          <Box role="alert">{problem && <Alert severity="error">{problem}</Alert>}</Box>
          <Box>
            <Button variant="contained" onClick={() => void send()} disabled={sending || !ready}>
              {sending ? t('assignment.sending') : submission ? t('assignment.resubmit') : t('assignment.submit')}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  )
}
