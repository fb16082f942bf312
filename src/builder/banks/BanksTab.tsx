import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined'
import ExpandMore from '@mui/icons-material/ExpandMore'
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { bankWrites } from '../../dataProvider/builderWrites'
import type { AppDataProvider } from '../../dataProvider'
import { useBuilderCourse } from '../common/CourseContext'
import { TabIntro } from '../common/TabIntro'
import { LoadFailed, Loading } from '../content/LoadStates'
import { checkQuestion, newQuestion, shift } from '../content/formRules'
import { newId, type FormQuestion } from '../content/model'
import { QuestionEditor } from '../content/QuestionEditor'
import { publishBanks } from './useCourseBanks'

const T = 'aula.builder.banks'

interface Bank {
  id: string
  name: string
  questions: FormQuestion[]
}

/** A question the server would refuse to save (a number out of its range): the bank waits until it is fixed. */
const holds = (questions: FormQuestion[]) =>
  questions.some(
    (q) =>
      (q.type === 'numeric' && ((q.answer !== undefined && !Number.isFinite(q.answer)) || (q.tolerance !== undefined && !(q.tolerance >= 0)))) ||
      (q.type === 'essay' && !(Number.isInteger(q.maxPoints) && q.maxPoints >= 1 && q.maxPoints <= 1000)),
  )

/**
 * The "Question banks" tab: the course's banks (a name and questions written with the same editors as a
 * form's), from which forms draw questions at random. Every change goes through the course's saver like
 * the builder's other writes: it carries the course's revision, and a stale one opens the conflict dialog.
 */
export function BanksTab() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { course, saver, canEdit } = useBuilderCourse()
  const [banks, setBanks] = useState<Bank[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)
  const [deleting, setDeleting] = useState<Bank | null>(null)
  const [refused, setRefused] = useState<string | null>(null)
  const current = useRef<Bank[]>([])

  useEffect(() => {
    let live = true
    dataProvider.getQuestionBanks(course.uuid).then(
      (answer) => {
        if (!live) return
        // What is still unsent from before (a reload, a conflict) is drawn over the fetched banks.
        const fetched = answer.items.map((b) => ({ id: b.id, name: b.name, questions: b.questions as FormQuestion[] }))
        const withPending = fetched
          .filter((b) => !saver.pendingBody(`bank:delete:${b.id}`))
          .map((b) => {
            const body = saver.pendingBody(`bank:${b.id}`)
            return body ? { ...b, name: String(body.name ?? b.name), questions: (body.questions as FormQuestion[]) ?? b.questions } : b
          })
        current.current = withPending
        setBanks(withPending)
        publishBanks(course.uuid, withPending)
        setFailed(false)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [dataProvider, course.uuid, saver, round])

  const show = useCallback(
    (next: Bank[]) => {
      current.current = next
      setBanks(next)
      publishBanks(course.uuid, next)
    },
    [course.uuid],
  )
  const refusedWith = (error: unknown) => {
    if ((error as { status?: number } | null)?.status !== 409) setRefused(translate(`${T}.saveFailed`))
  }

  const add = () => {
    const bank: Bank = { id: newId(), name: '', questions: [] }
    show([...current.current, bank])
    saver.enqueue(bankWrites.add(course.uuid, bank), { debounce: false, merge: false }).catch(refusedWith)
    requestAnimationFrame(() => document.getElementById(`bank-${bank.id}-name`)?.focus())
  }
  const edit = (id: string, change: (b: Bank) => Bank) => {
    const next = current.current.map((b) => (b.id === id ? change(b) : b))
    show(next)
    const bank = next.find((b) => b.id === id)!
    if (!holds(bank.questions)) saver.enqueue(bankWrites.update(course.uuid, bank)).catch(refusedWith)
  }
  const remove = (bank: Bank) => {
    setDeleting(null)
    show(current.current.filter((b) => b.id !== bank.id))
    saver.enqueue(bankWrites.remove(course.uuid, bank.id), { debounce: false, merge: false }).catch((error: unknown) => {
      refusedWith(error)
      setRound((r) => r + 1)
    })
  }

  return (
    <Box>
      <TabIntro title={`${T}.title`} intro={`${T}.intro`} />
      {failed && <LoadFailed text={translate(`${T}.loadError`)} onRetry={() => setRound((r) => r + 1)} />}
      {!failed && !banks && <Loading text={translate(`${T}.loading`)} />}
      {refused && (
        <Alert severity="error" role="alert" onClose={() => setRefused(null)} sx={{ mb: 2 }}>
          {refused}
        </Alert>
      )}
      {banks && banks.length === 0 && <Alert severity="info">{translate(`${T}.empty`)}</Alert>}
      {banks && (
        <Stack spacing={1}>
          {banks.map((bank) => (
            <BankCard key={bank.id} bank={bank} canEdit={canEdit} onChange={(change) => edit(bank.id, change)} onDelete={() => setDeleting(bank)} />
          ))}
        </Stack>
      )}
      {canEdit && banks && (
        <Button startIcon={<Add />} variant="outlined" sx={{ mt: 2 }} onClick={add}>
          {translate(`${T}.add`)}
        </Button>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="bank-delete-title">
        <DialogTitle id="bank-delete-title">{translate(`${T}.deleteTitle`, { name: deleting?.name || translate(`${T}.untitled`) })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(`${T}.deleteText`)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{translate(`${T}.cancel`)}</Button>
          <Button color="error" onClick={() => deleting && remove(deleting)}>
            {translate(`${T}.delete`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  )
}

/** One bank: its name and, unfolded, its questions. */
function BankCard({
  bank,
  canEdit,
  onChange,
  onDelete,
}: {
  bank: Bank
  canEdit: boolean
  onChange: (change: (b: Bank) => Bank) => void
  onDelete: () => void
}) {
  const translate = useTranslate()
  const [open, setOpen] = useState(bank.name === '')
  const name = bank.name || translate(`${T}.untitled`)
  const problems = bank.questions.filter((q) => checkQuestion(q)).length
  const setQuestion = (id: string, change: (q: FormQuestion) => FormQuestion) =>
    onChange((b) => ({ ...b, questions: b.questions.map((q) => (q.id === id ? change(q) : q)) }))
  return (
    <Accordion expanded={open} onChange={(_, expanded) => setOpen(expanded)} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`bank-${bank.id}-panel`} id={`bank-${bank.id}-header`}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.count`, { smart_count: bank.questions.length })}
            {problems > 0 ? ` · ${translate(`${T}.problems`, { smart_count: problems })}` : ''}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`bank-${bank.id}-panel`}>
        <Stack spacing={2}>
          <TextField
            label={translate(`${T}.name`)}
            value={bank.name}
            onChange={(e) => onChange((b) => ({ ...b, name: e.target.value }))}
            disabled={!canEdit}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            error={bank.name.trim() === ''}
            helperText={bank.name.trim() === '' ? translate(`${T}.nameRequired`) : undefined}
            id={`bank-${bank.id}-name`}
            fullWidth
          />
          {bank.questions.length === 0 && <Typography color="text.secondary">{translate(`${T}.noQuestions`)}</Typography>}
          <Box component="fieldset" disabled={!canEdit} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Stack spacing={2}>
              {bank.questions.map((q, index) => (
                <QuestionEditor
                  key={q.id}
                  idPrefix={`bank-${bank.id}`}
                  question={q}
                  number={index + 1}
                  count={bank.questions.length}
                  problems={checkQuestion(q)}
                  onChange={(change) => setQuestion(q.id, change)}
                  onRemove={() => onChange((b) => ({ ...b, questions: b.questions.filter((x) => x.id !== q.id) }))}
                  onMove={(by) => onChange((b) => ({ ...b, questions: shift(b.questions, index, by) }))}
                />
              ))}
            </Stack>
          </Box>
          {canEdit && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button startIcon={<Add />} onClick={() => onChange((b) => ({ ...b, questions: [...b.questions, newQuestion()] }))}>
                {translate(`${T}.addQuestion`)}
              </Button>
              <Button color="error" startIcon={<DeleteOutline />} onClick={onDelete}>
                {translate(`${T}.deleteBank`, { name })}
              </Button>
            </Stack>
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  )
}
