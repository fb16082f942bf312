import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined'
import { Alert, Box, Button, Grid, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { useRef, useState } from 'react'
import { useTranslate } from 'react-admin'
import type { GeneralData as GeneralFields, Plan, PlanInput } from '../../../contracts/courses/creator'
import { builderWrites } from '../../dataProvider/builderWrites'
import { useBuilderCourse } from '../common/CourseContext'
import { TabIntro } from '../common/TabIntro'

export const PLAN_LIMITS = { name: 80, minDays: 1, maxDays: 3650, maxPrice: 1_000_000_000, items: 20 } as const

/** A plan as edited: numbers as typed, and a key of its own until the server gives it an id. */
interface Row {
  key: string
  id?: string
  name: string
  durationDays: string
  price: string
  currency: string
  subscribed?: boolean
}

let counter = 0
const rowKey = () => `plan-${++counter}`
const toRow = (p: PlanInput & { subscribed?: boolean }): Row => ({
  key: p.id ?? rowKey(),
  id: p.id,
  name: p.name,
  durationDays: String(p.durationDays ?? ''),
  price: p.price == null ? '' : String(p.price),
  currency: p.currency ?? '',
  subscribed: p.subscribed,
})

const currencies: Set<string> | null = (() => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'currency') => string[] }
  try {
    return intl.supportedValuesOf ? new Set(intl.supportedValuesOf('currency')) : null
  } catch {
    return null
  }
})()

type Translate = (key: string, options?: object) => string
/** The messages of one plan; `sales` says whether price and currency are part of it. */
export function planErrors(row: Pick<Row, 'name' | 'durationDays' | 'price' | 'currency'>, sales: boolean, translate: Translate) {
  const errors: Partial<Record<'name' | 'durationDays' | 'price' | 'currency', string>> = {}
  if (row.name.trim() === '') errors.name = translate('aula.builder.validation.required')
  else if (row.name.length > PLAN_LIMITS.name) errors.name = translate('aula.builder.validation.tooLong', { max: PLAN_LIMITS.name })
  const days = Number(row.durationDays)
  if (!/^\s*\d+\s*$/.test(row.durationDays) || days < PLAN_LIMITS.minDays || days > PLAN_LIMITS.maxDays)
    errors.durationDays = translate('aula.builder.validation.invalidDuration')
  if (sales) {
    const price = row.price.trim().replace(',', '.')
    if (price !== '' && (!/^\d+(\.\d{1,2})?$/.test(price) || Number(price) > PLAN_LIMITS.maxPrice)) errors.price = translate('aula.builder.validation.price')
    const currency = row.currency.trim().toUpperCase()
    if (price !== '' && currency === '') errors.currency = translate('aula.builder.validation.currencyRequired')
    else if (currency !== '' && (!/^[A-Z]{3}$/.test(currency) || (currencies && !currencies.has(currency))))
      errors.currency = translate('aula.builder.validation.currency')
  }
  return errors
}

/**
 * The plans tab: name, duration in days and, when course sales are enabled, price and currency. The
 * list is saved whole once every plan is valid. A new plan gets its id from the server's answer; until
 * then further edits wait for it, so the plan is not created twice.
 */
export function PlansTab() {
  const translate = useTranslate()
  const { course, saver, canEdit } = useBuilderCourse()
  const sales = ((saver.pendingBody('general') as Partial<GeneralFields> | undefined)?.salesEnabled ?? course.salesEnabled) === true
  const [rows, setRows] = useState<Row[]>(() => ((saver.pendingBody('plans')?.items as PlanInput[] | undefined) ?? course.plans).map(toRow))
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const latest = useRef(rows)
  const creating = useRef(false)
  const waiting = useRef(false)

  const toPlan = (r: Row): PlanInput => {
    const price = sales && r.price.trim() !== '' ? Number(r.price.trim().replace(',', '.')) : null
    // A plan without a price leaves both fields out: the server reads an explicit null price as 0,
    // which would then ask for a currency.
    return {
      ...(r.id ? { id: r.id } : {}),
      name: r.name.trim(),
      durationDays: Number(r.durationDays),
      ...(price === null ? {} : { price, currency: r.currency.trim().toUpperCase() }),
    }
  }

  const push = () => {
    const current = latest.current
    if (current.some((r) => Object.keys(planErrors(r, sales, translate)).length > 0)) return
    if (creating.current) {
      waiting.current = true
      return
    }
    const sentKeys = current.map((r) => r.key)
    const hasNew = current.some((r) => !r.id)
    if (hasNew) creating.current = true
    const sent = saver.enqueue(builderWrites.plans(course.uuid, current.map(toPlan)), { merge: false })
    if (!hasNew) return void sent.catch(() => undefined)
    sent
      .then((answer) => {
        const items = Array.isArray(answer.items) ? (answer.items as Plan[]) : []
        const ids = new Map(sentKeys.map((k, i) => [k, items[i]?.id]))
        const next = latest.current.map((r) => (r.id || !ids.get(r.key) ? r : { ...r, id: ids.get(r.key) }))
        latest.current = next
        setRows(next)
      })
      .catch(() => undefined)
      .finally(() => {
        creating.current = false
        if (waiting.current) {
          waiting.current = false
          push()
        }
      })
  }
  const update = (next: Row[]) => {
    latest.current = next
    setRows(next)
    push()
  }
  const edit = (key: string, field: 'name' | 'durationDays' | 'price' | 'currency', value: string) => {
    setTouched((t) => new Set(t).add(`${key}:${field}`))
    update(latest.current.map((r) => (r.key === key ? { ...r, [field]: value } : r)))
  }

  return (
    <Box>
      <TabIntro title="aula.builder.plans.title" intro="aula.builder.plans.intro" />
      {!sales && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('aula.builder.plans.salesOff')}
        </Alert>
      )}
      {rows.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('aula.builder.plans.empty')}
        </Alert>
      )}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, index) => {
          const errors = planErrors(row, sales, translate)
          // A price typed without its currency is told at the currency at once.
          const shown = (field: keyof typeof errors) =>
            touched.has(`${row.key}:${field}`) || (field === 'currency' && touched.has(`${row.key}:price`)) ? errors[field] : undefined
          const label = row.name.trim() || translate('aula.builder.plans.plan', { n: index + 1 })
          return (
            <Paper component="li" key={row.key} variant="outlined" sx={{ p: 2 }} aria-label={label}>
              <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Grid size={{ xs: 12, md: sales ? 4 : 7 }}>
                  <TextField
                    label={translate('aula.builder.plans.name')}
                    value={row.name}
                    onChange={(e) => edit(row.key, 'name', e.target.value)}
                    error={Boolean(shown('name'))}
                    helperText={shown('name') ?? translate('aula.builder.plans.nameHint')}
                    required
                    fullWidth
                    disabled={!canEdit}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: sales ? 4 : 10, md: sales ? 2 : 4 }}>
                  <TextField
                    label={translate('aula.builder.plans.durationDays')}
                    value={row.durationDays}
                    onChange={(e) => edit(row.key, 'durationDays', e.target.value)}
                    error={Boolean(shown('durationDays'))}
                    helperText={shown('durationDays')}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    required
                    fullWidth
                    disabled={!canEdit}
                  />
                </Grid>
                {sales && (
                  <>
                    <Grid size={{ xs: 6, sm: 4, md: 2 }}>
                      <TextField
                        label={translate('aula.builder.plans.price')}
                        value={row.price}
                        onChange={(e) => edit(row.key, 'price', e.target.value)}
                        error={Boolean(shown('price'))}
                        helperText={shown('price')}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                        fullWidth
                        disabled={!canEdit}
                      />
                    </Grid>
                    <Grid size={{ xs: 6, sm: 4, md: 3 }}>
                      <TextField
                        label={translate('aula.builder.plans.currency')}
                        value={row.currency}
                        onChange={(e) => edit(row.key, 'currency', e.target.value.toUpperCase())}
                        error={Boolean(shown('currency'))}
                        helperText={shown('currency')}
                        slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters' } }}
                        fullWidth
                        disabled={!canEdit}
                      />
                    </Grid>
                  </>
                )}
                {canEdit && (
                  <Grid size={{ xs: 12, sm: 'auto', md: 1 }} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                    <Tooltip title={translate('aula.builder.plans.remove', { name: label })}>
                      <IconButton
                        aria-label={translate('aula.builder.plans.remove', { name: label })}
                        onClick={() => update(latest.current.filter((r) => r.key !== row.key))}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </Grid>
                )}
              </Grid>
            </Paper>
          )
        })}
      </Stack>
      {canEdit && (
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            startIcon={<Add />}
            variant="outlined"
            disabled={rows.length >= PLAN_LIMITS.items}
            onClick={() => {
              const next = [...latest.current, { key: rowKey(), name: '', durationDays: '30', price: '', currency: '' }]
              latest.current = next
              setRows(next)
            }}
          >
            {translate('aula.builder.plans.add')}
          </Button>
          {rows.some((r) => Object.keys(planErrors(r, sales, translate)).length > 0) && (
            <Typography variant="body2" color="text.secondary">
              {translate('aula.builder.validation.fixBelow')}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  )
}
