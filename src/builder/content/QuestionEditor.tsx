import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { Button, FormControl, IconButton, InputLabel, MenuItem, Paper, Select, Stack, TextField, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { newQuestion, type QuestionProblems } from './formRules'
import { QUESTION_TYPES, type FormQuestion, type QuestionType } from './model'
import { ChoiceAnswers, EssayAnswer, MatchingAnswers, NumericAnswer, OrderingAnswers, ShortAnswers } from './QuestionAnswers'

const T = 'aula.builder.contentEditor'

export interface QuestionEditorProps {
  /** Makes the ids of the fields unique on the page (the block's or the bank's id). */
  idPrefix: string
  question: FormQuestion
  number: number
  count: number
  problems?: QuestionProblems | null
  onChange: (change: (q: FormQuestion) => FormQuestion) => void
  onRemove: () => void
  onMove: (by: number) => void
}

/**
 * One question of a form or of a question bank: its text, its type, and what makes it right, in the
 * editor of its type. Changing the type keeps the text (and the options between choice types).
 */
export function QuestionEditor({ idPrefix, question: q, number, count, problems, onChange, onRemove, onMove }: QuestionEditorProps) {
  const translate = useTranslate()
  const v = (key?: string) => (key ? translate(`${T}.validation.${key}`) : undefined)
  const typeId = `${idPrefix}-${q.id}-type`
  const part = { idPrefix, question: q, number, problems, onChange }

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
            id={`${idPrefix}-${q.id}-text`}
          />
          <FormControl sx={{ minWidth: 200 }}>
            <InputLabel id={`${typeId}-label`}>{translate(`${T}.form.type`, { number })}</InputLabel>
            <Select
              labelId={`${typeId}-label`}
              id={typeId}
              label={translate(`${T}.form.type`, { number })}
              value={q.type}
              onChange={(e) => onChange((x) => newQuestion(e.target.value as QuestionType, x))}
            >
              {QUESTION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`${T}.form.types.${type}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
        {q.type === 'short' ? (
          <ShortAnswers {...part} question={q} />
        ) : q.type === 'numeric' ? (
          <NumericAnswer {...part} question={q} />
        ) : q.type === 'matching' ? (
          <MatchingAnswers {...part} question={q} />
        ) : q.type === 'ordering' ? (
          <OrderingAnswers {...part} question={q} />
        ) : q.type === 'essay' ? (
          <EssayAnswer {...part} question={q} />
        ) : (
          <ChoiceAnswers {...part} question={q} />
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
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
