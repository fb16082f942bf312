import CancelOutlined from '@mui/icons-material/CancelOutlined'
import { Alert, Autocomplete, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin'
import type { LinkedItem } from '../../../contracts/admin/catalogues'
import type { AppDataProvider, CatalogueLink } from '../../dataProvider'
import { failureText } from '../common/ConfirmAction'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface Props {
  /** Translation key of the section title. */
  title: string
  /** The record's field listing the linked rows. */
  field: string
  link: CatalogueLink
  /** Body keys of the association call: this record's, then the other's. */
  keys: [string, string]
  /** The catalogue to pick from; without it the other record is given by its id. */
  pickFrom?: string
}

/**
 * The records linked to the one being edited (a career's school cycles and subjects, a subject's
 * courses): each can be unlinked, and another one picked and linked. Each change is saved at once.
 */
export function LinkedRecords({ title, field, link, keys, pickFrom }: Props) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const refresh = useRefresh()
  const record = useRecordContext<Record<string, unknown> & { id: string }>()
  const [search, setSearch] = useState('')
  const [options, setOptions] = useState<LinkedItem[]>([])
  const [picked, setPicked] = useState<LinkedItem | null>(null)
  const [typedId, setTypedId] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const linked = (record?.[field] as LinkedItem[] | undefined) ?? []

  useEffect(() => {
    if (!pickFrom) return
    let live = true
    const timer = setTimeout(() => {
      dataProvider
        .getList(pickFrom, { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { q: search } })
        .then(({ data }) => live && setOptions(data.map((d) => ({ id: String(d.id), name: String(d.name) }))))
        .catch(() => live && setOptions([]))
    }, 250)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [pickFrom, search, dataProvider])

  if (!record) return null
  const change = async (other: string, associate: boolean) => {
    setBusy(true)
    setError(null)
    try {
      await dataProvider.linkCatalogue(link, associate, { [keys[0]]: record.id, [keys[1]]: other } as never)
      setPicked(null)
      setTypedId('')
      refresh()
    } catch (e) {
      setError(failureText(e, translate('aula.admin.common.failed')))
    } finally {
      setBusy(false)
    }
  }
  const candidate = pickFrom ? picked?.id : UUID.test(typedId.trim()) ? typedId.trim() : undefined
  const available = options.filter((o) => !linked.some((l) => l.id === o.id))
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(title)}
        </Typography>
        {linked.length === 0 ? (
          <Typography color="text.secondary">{translate('aula.admin.catalogues.links.none')}</Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {linked.map((item) => (
              <Chip
                key={item.id}
                label={item.name}
                disabled={busy}
                onDelete={() => change(item.id, false)}
                deleteIcon={<CancelOutlined titleAccess={translate('aula.admin.catalogues.links.remove', { name: item.name })} />}
              />
            ))}
          </Stack>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {pickFrom ? (
            <Autocomplete
              sx={{ minWidth: 260, flex: 1 }}
              options={available}
              value={picked}
              onChange={(_e, value) => setPicked(value)}
              inputValue={search}
              onInputChange={(_e, value) => setSearch(value)}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={(x) => x}
              noOptionsText={translate('aula.admin.catalogues.links.noOptions')}
              renderInput={(params) => <TextField {...params} size="small" label={translate('aula.admin.catalogues.links.pick')} />}
            />
          ) : (
            <TextField
              size="small"
              sx={{ minWidth: 260, flex: 1 }}
              label={translate('aula.admin.catalogues.links.courseId')}
              value={typedId}
              onChange={(e) => setTypedId(e.target.value)}
              error={typedId.trim() !== '' && !candidate}
              helperText={typedId.trim() !== '' && !candidate ? translate('aula.admin.catalogues.links.courseIdInvalid') : ' '}
            />
          )}
          <Button variant="outlined" disabled={!candidate || busy} onClick={() => candidate && change(candidate, true)}>
            {translate('aula.admin.catalogues.links.add')}
          </Button>
        </Box>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
