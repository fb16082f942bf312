import { Chip, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import type { GradeCell, GradedKind } from '../../../contracts/courses/gradebook'

/** One learner's standing on one graded item: the score, then passed or failed and the tries (a form) or the state and lateness (an assignment). */
export function GradeCellView({ cell, kind }: { cell: GradeCell; kind: GradedKind }) {
  const translate = useTranslate()
  const result = cell.passed === null ? null : translate(cell.passed ? 'aula.builder.gradebook.passed' : 'aula.builder.gradebook.failed')
  return (
    <>
      <Typography variant="body2">{cell.score === null ? '—' : `${cell.score} %`}</Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {kind === 'form'
          ? [result, translate('aula.builder.gradebook.tries', { used: cell.attemptsUsed ?? 0, tries: cell.tries ?? 0 })].filter(Boolean).join(' · ')
          : cell.status === 'graded'
            ? result
            : translate(`aula.builder.gradebook.states.${cell.status ?? 'none'}`)}
      </Typography>
      {cell.late && <Chip size="small" variant="outlined" color="warning" label={translate('aula.builder.gradebook.late')} sx={{ mt: 0.5 }} />}
    </>
  )
}
