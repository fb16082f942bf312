import { Alert, Autocomplete, Button, Card, CardContent, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'
import { httpClient } from '../../dataProvider/http'

interface Seat {
  courseId: string
  courseName: string
  seats: number
  used: number
  revision: number
}

const T = 'aula.admin.catalogues.organizations.seats'

/** Under an organisation's edit form: the seats its managers may use per course (decision 0038). */
export function OrganizationSeats() {
  const t = useTranslate()
  const notify = useNotify()
  const dataProvider = useDataProvider<AppDataProvider>()
  const record = useRecordContext<{ id: string; domain: string }>()
  const [items, setItems] = useState<Seat[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  const [options, setOptions] = useState<Array<{ id: string; name: string }>>([])
  const [course, setCourse] = useState<{ id: string; name: string } | null>(null)
  const [seats, setSeats] = useState('1')
  const [busy, setBusy] = useState(false)
  const url = record ? `/api/v2/admin/organizations/seats/${record.id}` : null

  useEffect(() => {
    if (!url) return
    let live = true
    httpClient<{ items: Seat[] }>(url).then(
      (r) => live && setItems(r.json.items),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    )
    return () => {
      live = false
    }
  }, [url])

  useEffect(() => {
    let live = true
    const timer = setTimeout(() => {
      dataProvider
        .getAdminCourses(1, search)
        .then(({ items }) => live && setOptions(items.map((c) => ({ id: c.uuid, name: c.name }))))
        .catch(() => live && setOptions([]))
    }, 250)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [search, dataProvider])

  if (!record || !url) return null
  const save = async () => {
    if (!course) return
    setBusy(true)
    setError(null)
    const known = items?.find((s) => s.courseId === course.id)
    try {
      const r = await httpClient<{ items: Seat[] }>(url, {
        method: 'PUT',
        body: JSON.stringify({ course: course.id, seats: Number(seats), ...(known ? { revision: known.revision } : {}) }),
      })
      setItems(r.json.items)
      notify(`${T}.saved`, { type: 'success' })
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="organization-seats-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="organization-seats-heading">
          {t(`${T}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`${T}.help`, { domain: record.domain })}
        </Typography>
        {items && items.length === 0 && <Typography sx={{ mt: 1 }}>{t(`${T}.empty`)}</Typography>}
        {items && items.length > 0 && (
          <List dense>
            {items.map((s) => (
              <ListItem key={s.courseId} disableGutters>
                <ListItemText primary={`${s.courseName}: ${s.seats}`} secondary={t(`${T}.used`, { used: s.used })} />
              </ListItem>
            ))}
          </List>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <Autocomplete
            sx={{ minWidth: 260 }}
            options={options}
            value={course}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            onInputChange={(_, v) => setSearch(v)}
            onChange={(_, v) => {
              setCourse(v)
              const known = items?.find((s) => s.courseId === v?.id)
              if (known) setSeats(String(known.seats))
            }}
            renderInput={(params) => <TextField {...params} size="small" label={t(`${T}.course`)} placeholder={t(`${T}.pick`)} />}
          />
          <TextField
            size="small"
            type="number"
            label={t(`${T}.seats`)}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
            slotProps={{ htmlInput: { min: 0, max: 1000000 } }}
          />
          <Button variant="contained" onClick={() => void save()} disabled={!course || busy || !/^\d+$/.test(seats)}>
            {t(`${T}.save`)}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
