import AddIcon from '@mui/icons-material/Add'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputLabel,
  MenuItem,
  Paper,
  Radio,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { checkForm, formOf, letter, newQuestion, optionsFor } from './formRules'
import { newId, type BlockValues, type FormQuestion, type FormValues, type QuestionType } from './model'

const T = 'aula.builder.contentEditor'

/**
 * The evaluation form editor: name, tries, required score and the questions with their options and
 * correct answers. Problems show beside their field as the creator works; values the server would
 * refuse (tries, score out of range) are kept on screen and saved once fixed.
 */
export function FormEditor({ blockId, values, onChange }: { blockId: string; values: BlockValues; onChange: (values: BlockValues, hold: boolean) => void }) {
  const translate = useTranslate()
  const form = formOf(values)
  const [tries, setTries] = useState(String(form.tries))
  const [score, setScore] = useState(String(form.requiredScore))
  const problems = checkForm(form)
  const v = (key?: string) => (key ? translate(`${T}.validation.${key}`) : undefined)

  const change = (next: Partial<FormValues>) => {
    const merged = { ...values, ...form, ...next }
    onChange(merged, checkForm(formOf(merged)).blocking)
  }
  const setQuestion = (id: string, change_: (q: FormQuestion) => FormQuestion) =>
    change({ questions: form.questions.map((q) => (q.id === id ? change_(q) : q)) })
  const moveQuestion = (index: number, by: number) => {
    const questions = [...form.questions]
    const [q] = questions.splice(index, 1)
    questions.splice(index + by, 0, q!)
    change({ questions })
  }
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
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
      </Stack>
      {problems.blocking && <Alert severity="warning">{translate(`${T}.block.unsavedInvalid`)}</Alert>}
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
          blockId={blockId}
          question={q}
          number={index + 1}
          count={form.questions.length}
          problems={problems.byQuestion[q.id]}
          onChange={(change_) => setQuestion(q.id, change_)}
          onRemove={() => change({ questions: form.questions.filter((x) => x.id !== q.id) })}
          onMove={(by) => moveQuestion(index, by)}
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

interface QuestionProps {
  blockId: string
  question: FormQuestion
  number: number
  count: number
  problems?: { text?: string; options?: string; byOption: Record<string, string> }
  onChange: (change: (q: FormQuestion) => FormQuestion) => void
  onRemove: () => void
  onMove: (by: number) => void
}

function QuestionEditor({ blockId, question: q, number, count, problems, onChange, onRemove, onMove }: QuestionProps) {
  const translate = useTranslate()
  const v = (key?: string) => (key ? translate(`${T}.validation.${key}`) : undefined)
  const typeId = `${blockId}-${q.id}-type`
  const optionsId = `${blockId}-${q.id}-options`
  const single = q.type !== 'multiple'
  const markCorrect = (optionId: string, correct: boolean) =>
    onChange((x) => ({ ...x, options: x.options.map((o) => (o.id === optionId ? { ...o, correct } : single && correct ? { ...o, correct: false } : o)) }))

  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {translate(`${T}.form.question`, { number })}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={translate(`${T}.form.questionText`, { number })}
            value={q.text}
            onChange={(e) => onChange((x) => ({ ...x, text: e.target.value }))}
            error={Boolean(problems?.text)}
            helperText={v(problems?.text)}
            multiline
            fullWidth
            id={`${blockId}-${q.id}-text`}
          />
          <FormControl sx={{ minWidth: 200 }}>
            <InputLabel id={`${typeId}-label`}>{translate(`${T}.form.type`, { number })}</InputLabel>
            <Select
              labelId={`${typeId}-label`}
              id={typeId}
              label={translate(`${T}.form.type`, { number })}
              value={q.type}
              onChange={(e) =>
                onChange((x) => ({ ...x, type: e.target.value as QuestionType, options: optionsFor(e.target.value as QuestionType, x.options) }))
              }
            >
              {(['single', 'multiple', 'boolean'] as const).map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`${T}.form.types.${type}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
        <Box role="group" aria-labelledby={`${optionsId}-label`} aria-describedby={problems?.options ? `${optionsId}-error` : undefined}>
          <Typography id={`${optionsId}-label`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(`${T}.form.options`, { number })}
          </Typography>
          <Stack spacing={1}>
            {q.options.map((o, i) =>
              q.type === 'boolean' ? (
                <FormControlLabel
                  key={o.id}
                  control={<Radio checked={o.correct} onChange={(e) => markCorrect(o.id, e.target.checked)} name={`${blockId}-${q.id}-correct`} />}
                  label={`${translate(`${T}.form.${o.text === 'false' ? 'false' : 'true'}`)}${o.correct ? ` — ${translate(`${T}.form.correct`)}` : ''}`}
                />
              ) : (
                <Stack key={o.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  {single ? (
                    <Radio
                      checked={o.correct}
                      onChange={(e) => markCorrect(o.id, e.target.checked)}
                      name={`${blockId}-${q.id}-correct`}
                      slotProps={{ input: { 'aria-label': translate(`${T}.form.correctOption`, { letter: letter(i) }) } }}
                    />
                  ) : (
                    <Checkbox
                      checked={o.correct}
                      onChange={(e) => markCorrect(o.id, e.target.checked)}
                      slotProps={{ input: { 'aria-label': translate(`${T}.form.correctOption`, { letter: letter(i) }) } }}
                    />
                  )}
                  <TextField
                    size="small"
                    label={translate(`${T}.form.option`, { letter: letter(i) })}
                    slotProps={{ htmlInput: { 'aria-label': translate(`${T}.form.optionText`, { letter: letter(i), number }) } }}
                    value={o.text}
                    onChange={(e) => onChange((x) => ({ ...x, options: x.options.map((y) => (y.id === o.id ? { ...y, text: e.target.value } : y)) }))}
                    error={Boolean(problems?.byOption[o.id])}
                    helperText={v(problems?.byOption[o.id])}
                    fullWidth
                    id={`${blockId}-${o.id}-text`}
                  />
                  <IconButton
                    aria-label={translate(`${T}.form.removeOption`, { letter: letter(i) })}
                    disabled={q.options.length <= 2}
                    onClick={() => onChange((x) => ({ ...x, options: x.options.filter((y) => y.id !== o.id) }))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ),
            )}
          </Stack>
          {problems?.options && (
            <FormHelperText error id={`${optionsId}-error`}>
              {v(problems.options)}
            </FormHelperText>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {q.type !== 'boolean' && (
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => onChange((x) => ({ ...x, options: [...x.options, { id: newId(), text: '', correct: false }] }))}
            >
              {translate(`${T}.form.addOption`)}
            </Button>
          )}
          <IconButton size="small" aria-label={translate(`${T}.form.moveQuestionUp`, { number })} disabled={number === 1} onClick={() => onMove(-1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={translate(`${T}.form.moveQuestionDown`, { number })} disabled={number === count} onClick={() => onMove(1)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onRemove}>
            {translate(`${T}.form.removeQuestion`, { number })}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  )
}
