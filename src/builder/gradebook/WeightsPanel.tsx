import { Box, LinearProgress, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { MAX_WEIGHT, type GradedItem } from '../../../contracts/courses/gradebook'
import type { AppDataProvider } from '../../dataProvider'
import { builderWrites } from '../../dataProvider/builderWrites'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { useBuilderCourse } from '../common/CourseContext'

/** A weight as typed: a number from 0 to 100, or null. */
export function parseWeight(text: string): number | null {
  const t = text.trim().replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(t)) return null
  const n = Number(t)
  return n >= 0 && n <= MAX_WEIGHT ? n : null
}

/** The draft's graded items, each with its weight field; a valid weight is saved as typed (debounced by the saver). */
export function WeightsPanel() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { course, saver, canEdit } = useBuilderCourse()
  const { data, error, isPending, reload } = useLoad(() => dataProvider.getGradeWeights(course.uuid), course.uuid)
  return (
    <Box component="section" aria-labelledby="gradebook-weights">
      <Typography id="gradebook-weights" variant="h6" component="h3">
        {translate('aula.builder.gradebook.weights')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('aula.builder.gradebook.weightsIntro')}
      </Typography>
      {isPending && <LinearProgress aria-label={translate('aula.builder.gradebook.loadingWeights')} />}
      {error && <LoadFailure error={error} onRetry={reload} />}
      {data && data.items.length === 0 && <Typography>{translate('aula.builder.gradebook.noItems')}</Typography>}
      {data && data.items.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}>
          {data.items.map((item) => (
            <WeightField
              key={item.id}
              item={item}
              pending={saver.pendingBody(`weight:${item.id}`)?.weight as number | undefined}
              disabled={!canEdit}
              onSave={(weight) => void saver.enqueue(builderWrites.weight(course.uuid, item.id, weight)).catch(() => undefined)}
            />
          ))}
        </Box>
      )}
    </Box>
  )
}

function WeightField({ item, pending, disabled, onSave }: { item: GradedItem; pending?: number; disabled: boolean; onSave: (weight: number) => void }) {
  const translate = useTranslate()
  // What this browser has not sent yet wins over what was read: nothing typed is lost on a reload.
  const [text, setText] = useState(String(pending ?? item.weight))
  const valid = parseWeight(text) !== null
  const name = item.name || translate(`aula.builder.gradebook.kinds.${item.kind}`)
  return (
    <TextField
      label={name}
      value={text}
      disabled={disabled}
      error={!valid}
      helperText={valid ? `${translate(`aula.builder.gradebook.kinds.${item.kind}`)} · ${item.sectionTitle}` : translate('aula.builder.gradebook.weightRange')}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      onChange={(e) => {
        setText(e.target.value)
        const weight = parseWeight(e.target.value)
        if (weight !== null) onSave(weight)
      }}
    />
  )
}
