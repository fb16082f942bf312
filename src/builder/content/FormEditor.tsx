import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { Alert, Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { use, useState } from 'react'
import { useTranslate } from 'react-admin'
import { useCourseBanks, type BankSummary } from '../banks/useCourseBanks'
import { CourseContext } from '../common/CourseContext'
import { checkForm, formOf, newQuestion, shift, type BankSizes } from './formRules'
import type { BlockValues, FormQuestion, FormValues } from './model'
import { QuestionEditor } from './QuestionEditor'

const T = 'aula.builder.contentEditor'

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/**
 * The evaluation form editor: name, tries, required score, the attempt's settings (time limit, shuffling,
 * weight), the questions drawn from the course's banks, and the form's own questions with what makes
 * each right. Problems show beside their field as the creator works; values the server would refuse
 * (tries, score out of range) are kept on screen and saved once fixed.
 */
export function FormEditor({ blockId, values, onChange }: { blockId: string; values: BlockValues; onChange: (values: BlockValues, hold: boolean) => void }) {
  const translate = useTranslate()
  const builder = use(CourseContext)
  const banks = useCourseBanks(builder?.course.uuid)
  const sizes: BankSizes | undefined = banks ? new Map(banks.map((b) => [b.id, b.count])) : undefined
  const form = formOf(values as Partial<FormValues>)
  const [tries, setTries] = useState(String(form.tries))
  const [score, setScore] = useState(String(form.requiredScore))
  const [limit, setLimit] = useState(form.timeLimitMinutes ? String(form.timeLimitMinutes) : '')
  const [weight, setWeight] = useState(String(form.weight ?? 1))
  const problems = checkForm(form, sizes)
  const v = (key?: string) => (key ? translate(`${T}.validation.${key}`) : undefined)

  const change = (next: Partial<FormValues>) => {
    const merged = { ...values, ...form, ...next }
    onChange(merged as BlockValues, checkForm(formOf(merged)).blocking)
  }
  const setQuestion = (id: string, change_: (q: FormQuestion) => FormQuestion) =>
    change({ questions: form.questions.map((q) => (q.id === id ? change_(q) : q)) })

  return (
    <Stack spacing={2}>
      <TextField
        label={translate(`${T}.form.name`)}
        value={form.name}
        onChange={(e) => change({ name: e.target.value })}
        required
        error={Boolean(problems.name)}
        helperText={v(problems.name)}
        id={`${blockId}-form-name`}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          label={translate(`${T}.form.tries`)}
          type="number"
          value={tries}
          onChange={(e) => {
            setTries(e.target.value)
            change({ tries: number(e.target.value) })
          }}
          slotProps={{ htmlInput: { min: 1, max: 20, step: 1 } }}
          error={Boolean(problems.tries)}
          helperText={v(problems.tries)}
          id={`${blockId}-form-tries`}
          sx={{ flex: 1, maxWidth: { sm: 260 } }}
        />
        <TextField
          label={translate(`${T}.form.requiredScore`)}
          type="number"
          value={score}
          onChange={(e) => {
            setScore(e.target.value)
            change({ requiredScore: number(e.target.value) })
          }}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
          error={Boolean(problems.requiredScore)}
          helperText={v(problems.requiredScore)}
          id={`${blockId}-form-score`}
          sx={{ flex: 1, maxWidth: { sm: 260 } }}
        />
        <TextField
          label={translate(`${T}.form.timeLimit`)}
          type="number"
          value={limit}
          onChange={(e) => {
            setLimit(e.target.value)
            change({ timeLimitMinutes: e.target.value.trim() === '' ? null : number(e.target.value) })
          }}
          slotProps={{ htmlInput: { min: 1, max: 600, step: 1 } }}
          error={Boolean(problems.timeLimit)}
          helperText={v(problems.timeLimit) ?? translate(`${T}.form.timeLimitHint`)}
          id={`${blockId}-form-limit`}
          sx={{ flex: 1, maxWidth: { sm: 260 } }}
        />
        <TextField
          label={translate(`${T}.form.weight`)}
          type="number"
          value={weight}
          onChange={(e) => {
            setWeight(e.target.value)
            change({ weight: number(e.target.value) })
          }}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
          error={Boolean(problems.weight)}
          helperText={v(problems.weight) ?? translate(`${T}.form.weightHint`)}
          id={`${blockId}-form-weight`}
          sx={{ flex: 1, maxWidth: { sm: 260 } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormControlLabel
          control={<Checkbox checked={form.shuffleQuestions ?? false} onChange={(e) => change({ shuffleQuestions: e.target.checked })} />}
          label={translate(`${T}.form.shuffleQuestions`)}
        />
        <FormControlLabel
          control={<Checkbox checked={form.shuffleOptions ?? false} onChange={(e) => change({ shuffleOptions: e.target.checked })} />}
          label={translate(`${T}.form.shuffleOptions`)}
        />
      </Stack>
      {problems.blocking && <Alert severity="warning">{translate(`${T}.block.unsavedInvalid`)}</Alert>}
      <Draws blockId={blockId} form={form} banks={banks} problems={problems.byDraw} onChange={(draws) => change({ draws })} />
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(`${T}.form.questions`)}
      </Typography>
      {problems.questions && (
        <Typography color="error" variant="body2" role="status">
          {v(problems.questions)}
        </Typography>
      )}
      {form.questions.map((q, index) => (
        <QuestionEditor
          key={q.id}
          idPrefix={blockId}
          question={q}
          number={index + 1}
          count={form.questions.length}
          problems={problems.byQuestion[q.id]}
          onChange={(change_) => setQuestion(q.id, change_)}
          onRemove={() => change({ questions: form.questions.filter((x) => x.id !== q.id) })}
          onMove={(by) => change({ questions: shift(form.questions, index, by) })}
        />
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => change({ questions: [...form.questions, newQuestion()] })}>
          {translate(`${T}.form.addQuestion`)}
        </Button>
      </Box>
    </Stack>
  )
}

/** The questions drawn at random from the course's banks for each attempt: which bank and how many. */
function Draws({
  blockId,
  form,
  banks,
  problems,
  onChange,
}: {
  blockId: string
  form: FormValues
  banks: BankSummary[] | undefined
  problems: Record<number, string>
  onChange: (draws: NonNullable<FormValues['draws']>) => void
}) {
  const translate = useTranslate()
  const draws = form.draws ?? []
  const v = (key?: string) => (key ? translate(`${T}.validation.${key}`) : undefined)
  const set = (i: number, next: Partial<(typeof draws)[number]>) => onChange(draws.map((d, j) => (j === i ? { ...d, ...next } : d)))
  return (
    <Box role="group" aria-labelledby={`${blockId}-draws-label`}>
      <Typography id={`${blockId}-draws-label`} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(`${T}.form.draws`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {banks && banks.length === 0 ? translate(`${T}.form.noBanks`) : translate(`${T}.form.drawsHint`)}
      </Typography>
      <Stack spacing={1}>
        {draws.map((d, i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              select
              size="small"
              label={translate(`${T}.form.drawBank`, { n: i + 1 })}
              value={banks?.some((b) => b.id === d.bank) ? d.bank : ''}
              onChange={(e) => set(i, { bank: e.target.value })}
              error={problems[i] === 'drawBank'}
              helperText={problems[i] === 'drawBank' ? v('drawBank') : undefined}
              id={`${blockId}-draw-${i}-bank`}
              sx={{ minWidth: 240 }}
            >
              {(banks ?? []).map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {translate(`${T}.form.bankOption`, { name: b.name || translate('aula.builder.banks.untitled'), smart_count: b.count })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="number"
              label={translate(`${T}.form.drawCount`, { n: i + 1 })}
              value={Number.isFinite(d.count) ? String(d.count) : ''}
              onChange={(e) => set(i, { count: number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: 200, step: 1 } }}
              error={Boolean(problems[i]) && problems[i] !== 'drawBank'}
              helperText={problems[i] && problems[i] !== 'drawBank' ? v(problems[i]) : undefined}
              id={`${blockId}-draw-${i}-count`}
              sx={{ maxWidth: 200 }}
            />
            <IconButton aria-label={translate(`${T}.form.removeDraw`, { n: i + 1 })} onClick={() => onChange(draws.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {banks && banks.length > 0 && (
        <Button size="small" startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => onChange([...draws, { bank: banks[0]!.id, count: 1 }])}>
          {translate(`${T}.form.addDraw`)}
        </Button>
      )}
    </Box>
  )
}
