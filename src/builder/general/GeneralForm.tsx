import { Alert, Box, Chip, FormControlLabel, Grid, MenuItem, Switch, TextField, Typography } from '@mui/material'
import { useState, type KeyboardEvent } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import type { Choice, ChoiceCatalogue as ChoiceKind, GeneralData as GeneralFields } from '../../../contracts/courses/creator'
import { builderWrites } from '../../dataProvider/builderWrites'
import { useLoad } from '../../ui/useLoad'
import { useBuilderCourse } from '../common/CourseContext'
import { useEntryField } from '../common/useEntryField'
import type { AppDataProvider } from '../../dataProvider'

/** The server's limits (creator contract): the form says so before the server would refuse. */
export const GENERAL_LIMITS = {
  name: 300,
  briefDescription: 500,
  description: 20000,
  requirements: 5000,
  certificateDetails: 5000,
  keyword: 60,
  keywords: 30,
  durationHours: 10000,
} as const

type TextField = 'name' | 'briefDescription' | 'description' | 'requirements' | 'certificateDetails'
type ChoiceField = 'statusId' | 'difficultyId' | 'categoryId' | 'organizationId' | 'certificateId'
type Values = Omit<GeneralFields, 'durationHours'> & { durationHours: string }

/** The message for a field's value, or null when it may be saved. */
export function generalError(field: keyof Values, value: unknown, translate: (key: string, options?: object) => string): string | null {
  if (field === 'name') {
    const text = String(value ?? '')
    if (text.trim() === '') return translate('aula.builder.validation.required')
    if (text.length > GENERAL_LIMITS.name) return translate('aula.builder.validation.tooLong', { max: GENERAL_LIMITS.name })
  }
  if (field === 'briefDescription' || field === 'description' || field === 'requirements' || field === 'certificateDetails') {
    const max = GENERAL_LIMITS[field]
    if (String(value ?? '').length > max) return translate('aula.builder.validation.tooLong', { max })
  }
  if (field === 'durationHours') {
    const text = String(value ?? '').trim()
    if (text === '') return null
    const hours = Number(text.replace(',', '.'))
    if (!Number.isFinite(hours)) return translate('aula.builder.validation.number')
    if (hours <= 0 || hours > GENERAL_LIMITS.durationHours) return translate('aula.builder.validation.positive')
  }
  return null
}

const CHOICES: Array<{ field: ChoiceField; kind: ChoiceKind; label: string }> = [
  { field: 'statusId', kind: 'statuses', label: 'status' },
  { field: 'difficultyId', kind: 'difficulties', label: 'difficulty' },
  { field: 'categoryId', kind: 'categories', label: 'category' },
  { field: 'organizationId', kind: 'organizations', label: 'organization' },
  { field: 'certificateId', kind: 'certificates', label: 'certificate' },
]

/** The general data tab: every valid change is queued at once (the saver waits for a pause). */
export function GeneralForm() {
  const translate = useTranslate()
  const { course, saver, canEdit } = useBuilderCourse()
  const pending = (saver.pendingBody('general') ?? {}) as Partial<GeneralFields>
  const start = { ...course, ...pending }
  const [values, setValues] = useState<Values>({
    name: start.name ?? '',
    durationHours: start.durationHours == null ? '' : String(start.durationHours),
    briefDescription: start.briefDescription ?? '',
    description: start.description ?? '',
    requirements: start.requirements ?? '',
    certificateDetails: start.certificateDetails ?? '',
    statusId: start.statusId ?? null,
    difficultyId: start.difficultyId ?? null,
    categoryId: start.categoryId ?? null,
    organizationId: start.organizationId ?? null,
    certificateId: start.certificateId ?? null,
    keywords: start.keywords ?? [],
    salesEnabled: start.salesEnabled ?? false,
  })
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})
  const keyword = useEntryField(translate('aula.builder.general.keywordsHint'))

  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    const error = generalError(field, value, translate)
    setErrors((e) => ({ ...e, [field]: error ?? undefined }))
    if (error) return
    const saved: Partial<GeneralFields> =
      field === 'durationHours'
        ? { durationHours: String(value).trim() === '' ? null : Number(String(value).replace(',', '.')) }
        : ({ [field]: value } as Partial<GeneralFields>)
    void saver.enqueue(builderWrites.general(course.uuid, saved)).catch(() => undefined)
  }

  const addKeyword = () => {
    const word = keyword.check({ existing: values.keywords, maxLength: GENERAL_LIMITS.keyword, maxItems: GENERAL_LIMITS.keywords })
    if (word === null) return
    keyword.clear()
    change('keywords', [...values.keywords, word])
  }
  const onKeywordKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      addKeyword()
    }
  }

  const text = (field: TextField, options: { multiline?: boolean; hint?: string; required?: boolean } = {}) => (
    <TextField
      id={`general-${field}`}
      label={translate(`aula.builder.general.${field}`)}
      value={values[field]}
      onChange={(e) => change(field, e.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? options.hint}
      required={options.required}
      multiline={options.multiline}
      minRows={options.multiline ? 3 : undefined}
      fullWidth
      disabled={!canEdit}
    />
  )
  const hasErrors = Object.values(errors).some(Boolean)

  return (
    <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby="builder-tab-general">
      {hasErrors && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('aula.builder.validation.fixBelow')}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>{text('name', { required: true })}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            id="general-durationHours"
            label={translate('aula.builder.general.durationHours')}
            value={values.durationHours}
            onChange={(e) => change('durationHours', e.target.value)}
            error={Boolean(errors.durationHours)}
            helperText={errors.durationHours}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
            disabled={!canEdit}
          />
        </Grid>
        <Grid size={12}>{text('briefDescription', { multiline: true, hint: translate('aula.builder.general.briefDescriptionHint') })}</Grid>
        <Grid size={12}>{text('description', { multiline: true })}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{text('requirements', { multiline: true })}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{text('certificateDetails', { multiline: true })}</Grid>
        {CHOICES.map((c) => (
          <Grid key={c.field} size={{ xs: 12, sm: 6, md: 4 }}>
            <ChoiceSelect
              kind={c.kind}
              label={translate(c.label === 'certificate' ? 'aula.builder.general.certificate' : `aula.builder.general.${c.label}`)}
              id={`general-${c.field}`}
              value={values[c.field]}
              onChange={(id) => change(c.field, id)}
              disabled={!canEdit}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <Typography component="h2" variant="subtitle1" id="general-keywords-title" sx={{ mb: 1 }}>
            {translate('aula.builder.general.keywords')}
          </Typography>
          <Box component="ul" aria-labelledby="general-keywords-title" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1 }}>
            {values.keywords.map((k) => (
              <li key={k}>
                <Chip
                  label={k}
                  onDelete={
                    canEdit
                      ? () =>
                          change(
                            'keywords',
                            values.keywords.filter((x) => x !== k),
                          )
                      : undefined
                  }
                  // Focused, the chip is removed with Delete or Backspace; the name says so.
                  aria-label={canEdit ? translate('aula.builder.general.removeKeyword', { keyword: k }) : undefined}
                />
              </li>
            ))}
          </Box>
          <TextField
            id="general-keyword"
            label={translate('aula.builder.general.addKeyword')}
            {...keyword.field}
            onKeyDown={onKeywordKey}
            onBlur={addKeyword}
            size="small"
            disabled={!canEdit}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Grid>
        <Grid size={12}>
          <FormControlLabel
            control={<Switch checked={values.salesEnabled} onChange={(e) => change('salesEnabled', e.target.checked)} disabled={!canEdit} />}
            label={translate('aula.builder.general.salesEnabled')}
          />
          <Typography variant="body2" color="text.secondary">
            {translate('aula.builder.general.salesHint')}
          </Typography>
        </Grid>
      </Grid>
    </Box>
  )
}

/** One of the general data's catalogue choices (`<kind>/all`), with "not chosen". */
function ChoiceSelect({
  kind,
  label,
  id,
  value,
  onChange,
  disabled,
}: {
  kind: ChoiceKind
  label: string
  id: string
  value: string | null
  onChange: (id: string | null) => void
  disabled: boolean
}) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const choices = useLoad<Choice[]>(() => dataProvider.getCourseChoices(kind), kind)
  const items = choices.data ?? []
  // A chosen id the list no longer has (deleted from the catalogue) stays shown rather than lost.
  const known = value === null || items.some((c) => c.id === value) || choices.isPending
  return (
    <TextField
      select
      id={id}
      label={label}
      value={choices.isPending ? '' : (value ?? '')}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      error={Boolean(choices.error)}
      helperText={choices.error ? translate('aula.builder.general.choicesError') : undefined}
      disabled={disabled || choices.isPending}
      fullWidth
    >
      <MenuItem value="">
        <em>{translate('aula.builder.general.none')}</em>
      </MenuItem>
      {!known && value && <MenuItem value={value}>{value}</MenuItem>}
      {items.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  )
}
