import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined'
import { Alert, Box, Button, Grid, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { useTranslate } from 'react-admin'
import type { GeneralData as GeneralFields, Plan, PlanInput } from '../../../contracts/courses/creator'
import { CURRENCY_REQUIRED_MESSAGE, INVALID_DURATION_MESSAGE, PLAN_NAME_TAKEN_MESSAGE, UNKNOWN_CURRENCY_MESSAGE } from '../../../contracts/courses/creator'
import { DEFAULT_REMINDER_DAYS, MAX_REMINDER_DAYS, MAX_REMINDER_THRESHOLDS } from '../../../contracts/mail'
import { builderWrites } from '../../dataProvider/builderWrites'
import { fieldErrorsOf } from '../common/saveFailures'
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
  /** The reminder thresholds as typed: days before expiry, separated by commas. */
  reminderDays: string
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
  reminderDays: (p.reminderDays ?? DEFAULT_REMINDER_DAYS).join(', '),
  subscribed: p.subscribed,
})

/** The thresholds typed ("14, 3, 0"), each once and largest first, or null when they are not valid. */
export function parseReminderDays(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean)
  if (!parts.every((p) => /^\d{1,3}$/.test(p))) return null
  const days = [...new Set(parts.map(Number))].sort((a, b) => b - a)
  return days.length <= MAX_REMINDER_THRESHOLDS && days.every((d) => d <= MAX_REMINDER_DAYS) ? days : null
}

const currencies: Set<string> | null = (() => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'currency') => string[] }
  try {
    return intl.supportedValuesOf ? new Set(intl.supportedValuesOf('currency')) : null
  } catch {
    return null
  }
})()

type Field = 'name' | 'durationDays' | 'price' | 'currency' | 'reminderDays'
const FIELDS: Field[] = ['name', 'durationDays', 'price', 'currency', 'reminderDays']
/** The server's field messages, by row key and field, in the person's language. */
type ServerErrors = Record<string, Partial<Record<Field, string>>>
/** What the saver holds while the plans need fixing: the rows as typed and the server's messages. */
interface PlansDraft {
  rows: Row[]
  serverErrors: ServerErrors
}

/** The catalogue key of each message the plans route words (the rest are told as refused). */
const SERVER_TEXTS: Record<string, string> = {
  Required: 'aula.builder.validation.required',
  [INVALID_DURATION_MESSAGE]: 'aula.builder.validation.invalidDuration',
  [CURRENCY_REQUIRED_MESSAGE]: 'aula.builder.validation.currencyRequired',
  [UNKNOWN_CURRENCY_MESSAGE]: 'aula.builder.validation.currency',
  [PLAN_NAME_TAKEN_MESSAGE]: 'aula.builder.validation.duplicate',
}

type Translate = (key: string, options?: object) => string

/**
 * The server's refusal of the plans sent as `sentKeys` (400 `errors` keyed `items.<i>.<field>`) as
 * messages on the fields of those rows; a message about the whole plan (its id) goes on its name.
 */
export function serverPlanErrors(error: unknown, sentKeys: string[], translate: Translate): ServerErrors {
  const out: ServerErrors = {}
  for (const [path, message] of Object.entries(fieldErrorsOf(error) ?? {})) {
    const match = /^items\.(\d+)(?:\.(\w+))?/.exec(path)
    const key = match ? sentKeys[Number(match[1])] : undefined
    if (!key) continue
    const field: Field = FIELDS.includes(match![2] as Field) ? (match![2] as Field) : 'name'
    out[key] = { ...out[key], [field]: translate(SERVER_TEXTS[message] ?? 'aula.builder.validation.refused') }
  }
  return out
}

/** The messages of one plan; `sales` says whether price and currency are part of it. */
export function planErrors(row: Pick<Row, Field>, sales: boolean, translate: Translate) {
  const errors: Partial<Record<Field, string>> = {}
  if (row.name.trim() === '') errors.name = translate('aula.builder.validation.required')
  else if (row.name.length > PLAN_LIMITS.name) errors.name = translate('aula.builder.validation.tooLong', { max: PLAN_LIMITS.name })
  const days = Number(row.durationDays)
  if (!/^\s*\d+\s*$/.test(row.durationDays) || days < PLAN_LIMITS.minDays || days > PLAN_LIMITS.maxDays)
    errors.durationDays = translate('aula.builder.validation.invalidDuration')
  if (parseReminderDays(row.reminderDays) === null) errors.reminderDays = translate('aula.builder.validation.reminderDays')
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
 *
 * An edit that cannot be saved is never passed off as saved: while a plan is invalid, or the server
 * refused the list with field messages, every offending field is marked with its message, the
 * saver holds the rows (its status says they need fixing, and the tab draws them again when opened
 * later), and a refusal from the server moves the focus to the first marked field.
 */
export function PlansTab() {
  const translate = useTranslate()
  const { course, saver, canEdit } = useBuilderCourse()
  const sales = ((saver.pendingBody('general') as Partial<GeneralFields> | undefined)?.salesEnabled ?? course.salesEnabled) === true
  const held = saver.held('plans')?.draft as PlansDraft | undefined
  const [rows, setRows] = useState<Row[]>(() => held?.rows ?? ((saver.pendingBody('plans')?.items as PlanInput[] | undefined) ?? course.plans).map(toRow))
  const [touched, setTouched] = useState<Set<string>>(() => new Set(held ? revealed(held.rows) : []))
  const [serverErrors, setServerErrors] = useState<ServerErrors>(() => held?.serverErrors ?? {})
  const [focusFirst, setFocusFirst] = useState(0)
  const latest = useRef(rows)
  const latestServer = useRef(serverErrors)
  const creating = useRef(false)
  const waiting = useRef(false)
  const inputs = useRef(new Map<string, HTMLInputElement>())

  /** Every field of every invalid row: shown once an edit was held back for them. */
  function revealed(list: Row[]): string[] {
    return list.flatMap((r) => Object.keys(planErrors(r, sales, translate)).map((f) => `${r.key}:${f}`))
  }
  const setServer = (next: ServerErrors) => {
    latestServer.current = next
    setServerErrors(next)
  }
  const errorsOf = (row: Row) => ({ ...serverErrors[row.key], ...planErrors(row, sales, translate) })

  // After a refusal from the server, the first marked field takes the focus.
  useEffect(() => {
    if (focusFirst === 0) return
    for (const row of latest.current) {
      const field = FIELDS.find((f) => latestServer.current[row.key]?.[f] || planErrors(row, sales, translate)[f])
      const input = field && inputs.current.get(`${row.key}:${field}`)
      if (input) return input.focus()
    }
    // Only a new refusal moves the focus, not a change of language or of sales.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusFirst])

  const toPlan = (r: Row): PlanInput => {
    const price = sales && r.price.trim() !== '' ? Number(r.price.trim().replace(',', '.')) : null
    // A plan without a price leaves both fields out: the server reads an explicit null price as 0,
    // which would then ask for a currency.
    return {
      ...(r.id ? { id: r.id } : {}),
      name: r.name.trim(),
      durationDays: Number(r.durationDays),
      reminderDays: parseReminderDays(r.reminderDays) ?? [],
      ...(price === null ? {} : { price, currency: r.currency.trim().toUpperCase() }),
    }
  }

  const push = () => {
    const current = latest.current
    const invalid = revealed(current)
    if (invalid.length > 0 || Object.keys(latestServer.current).length > 0) {
      // Held back until fixed: every offending field says why, and the saver says it is not saved.
      setTouched((t) => new Set([...t, ...invalid]))
      saver.hold('plans', { rows: current, serverErrors: latestServer.current } satisfies PlansDraft)
      return
    }
    if (creating.current) {
      waiting.current = true
      return
    }
    const sentKeys = current.map((r) => r.key)
    const hasNew = current.some((r) => !r.id)
    if (hasNew) creating.current = true
    const sent = saver.enqueue(builderWrites.plans(course.uuid, current.map(toPlan)), { merge: false })
    saver.release('plans')
    const refused = (error: unknown) => {
      const found = serverPlanErrors(error, sentKeys, translate)
      if (Object.keys(found).length === 0) return
      // Only rows still as they were sent keep the message; a row edited since has been looked at.
      const sentRows = new Map(current.map((r) => [r.key, r]))
      const marked = Object.fromEntries(Object.entries(found).filter(([key]) => latest.current.find((r) => r.key === key) === sentRows.get(key)))
      setServer(marked)
      saver.hold('plans', { rows: latest.current, serverErrors: marked } satisfies PlansDraft, error)
      setFocusFirst((n) => n + 1)
    }
    if (!hasNew) return void sent.catch(refused)
    sent
      .then((answer) => {
        const items = Array.isArray(answer.items) ? (answer.items as Plan[]) : []
        const ids = new Map(sentKeys.map((k, i) => [k, items[i]?.id]))
        const next = latest.current.map((r) => (r.id || !ids.get(r.key) ? r : { ...r, id: ids.get(r.key) }))
        latest.current = next
        setRows(next)
      })
      .catch(refused)
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
  const edit = (key: string, field: Field, value: string) => {
    setTouched((t) => new Set(t).add(`${key}:${field}`))
    // The server's message about this field is answered by the edit (a name now unique, say).
    if (latestServer.current[key]?.[field]) {
      const { [field]: _answered, ...rest } = latestServer.current[key]
      const next = { ...latestServer.current }
      if (Object.keys(rest).length > 0) next[key] = rest
      else delete next[key]
      setServer(next)
    }
    update(latest.current.map((r) => (r.key === key ? { ...r, [field]: value } : r)))
  }
  const remove = (key: string) => {
    if (latestServer.current[key]) {
      const { [key]: _gone, ...rest } = latestServer.current
      setServer(rest)
    }
    update(latest.current.filter((r) => r.key !== key))
  }
  /** The props that mark one field: its message, and its input for the focus. */
  const marks = (row: Row, field: Field, shown: (field: Field) => string | undefined) => ({
    error: Boolean(shown(field)),
    inputRef: (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(`${row.key}:${field}`, el)
      else inputs.current.delete(`${row.key}:${field}`)
    },
  })
  const anyShown = rows.some((row) => {
    const errors = errorsOf(row)
    return FIELDS.some((f) => errors[f] && (serverErrors[row.key]?.[f] || touched.has(`${row.key}:${f}`)))
  })

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
          const errors = errorsOf(row)
          // A price typed without its currency is told at the currency at once; the server's messages always.
          const shown = (field: Field) =>
            serverErrors[row.key]?.[field] || touched.has(`${row.key}:${field}`) || (field === 'currency' && touched.has(`${row.key}:price`))
              ? errors[field]
              : undefined
          const label = row.name.trim() || translate('aula.builder.plans.plan', { n: index + 1 })
          return (
            <Paper component="li" key={row.key} variant="outlined" sx={{ p: 2 }} aria-label={label}>
              <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Grid size={{ xs: 12, md: sales ? 4 : 7 }}>
                  <TextField
                    label={translate('aula.builder.plans.name')}
                    value={row.name}
                    onChange={(e) => edit(row.key, 'name', e.target.value)}
                    {...marks(row, 'name', shown)}
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
                    {...marks(row, 'durationDays', shown)}
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
                        {...marks(row, 'price', shown)}
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
                        {...marks(row, 'currency', shown)}
                        helperText={shown('currency')}
                        slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters' } }}
                        fullWidth
                        disabled={!canEdit}
                      />
                    </Grid>
                  </>
                )}
                <Grid size={{ xs: 12, sm: 10, md: 7 }}>
                  <TextField
                    label={translate('aula.builder.plans.reminderDays')}
                    value={row.reminderDays}
                    onChange={(e) => edit(row.key, 'reminderDays', e.target.value)}
                    {...marks(row, 'reminderDays', shown)}
                    helperText={shown('reminderDays') ?? translate('aula.builder.plans.reminderDaysHint')}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    fullWidth
                    disabled={!canEdit}
                  />
                </Grid>
                {canEdit && (
                  <Grid size={{ xs: 12, sm: 'grow' }} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                    <Tooltip title={translate('aula.builder.plans.remove', { name: label })}>
                      <IconButton aria-label={translate('aula.builder.plans.remove', { name: label })} onClick={() => remove(row.key)}>
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
              const next = [
                ...latest.current,
                { key: rowKey(), name: '', durationDays: '30', price: '', currency: '', reminderDays: DEFAULT_REMINDER_DAYS.join(', ') },
              ]
              latest.current = next
              setRows(next)
            }}
          >
            {translate('aula.builder.plans.add')}
          </Button>
          {anyShown && (
            <Typography variant="body2" color="error">
              {translate('aula.builder.validation.fixBelow')}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  )
}
