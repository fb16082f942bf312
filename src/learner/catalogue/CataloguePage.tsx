import SearchOutlined from '@mui/icons-material/SearchOutlined'
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  Chip,
  FormControl,
  Grid,
  InputLabel,
  LinearProgress,
  MenuItem,
  Pagination,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useState, type FormEvent } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { Link, useSearchParams } from 'react-router-dom'
import { CATALOGUE_PAGE_SIZE, type CatalogueCourse, type CatalogueQuery } from '../../../contracts/learner/catalogue'
import { screenGroups } from '../../../contracts/screens'
import { GroupGate } from '../../layout/access/GroupGate'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { useRetryFocus } from '../../ui/useRetryFocus'
import { BareFrame } from './BareFrame'
import type { AppDataProvider } from '../../dataProvider'

const T = 'aula.learner.catalogue'
const FILTERS = ['category', 'difficulty', 'organization', 'tag'] as const

/** /galaxy and /courses (general group, no chrome): the published courses, searched and filtered. */
export function CataloguePage() {
  return (
    <GroupGate groups={screenGroups('/courses') ?? ['general']}>
      <BareFrame account>
        <Catalogue />
      </BareFrame>
    </GroupGate>
  )
}

function Catalogue() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  // Everything the list shows lives in the address (the top-bar search arrives as ?search=), so it can be shared and survives a reload.
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const filters: CatalogueQuery = Object.fromEntries(FILTERS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])))
  const [words, setWords] = useState(search)
  const [lastSearch, setLastSearch] = useState(search)
  if (search !== lastSearch) {
    // A new search from outside (the top bar) replaces what was typed here.
    setLastSearch(search)
    setWords(search)
  }

  const facets = useLoad(() => dataProvider.getCatalogueFilters(), 'filters')
  const list = useLoad(() => dataProvider.getCatalogue(page, search, filters), params.toString())
  const { retry, retryRef, contentRef } = useRetryFocus<HTMLParagraphElement>(list)

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    if (!('page' in changes)) next.delete('page')
    setParams(next)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    update({ search: words.trim() })
  }

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / CATALOGUE_PAGE_SIZE)) : 1
  const filtered = Boolean(search || FILTERS.some((key) => params.get(key)))
  const f = facets.data
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate(`${T}.title`)}
      </Typography>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <TextField
          label={translate(`${T}.search`)}
          type="search"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
          {translate(`${T}.searchButton`)}
        </Button>
      </Box>
      {f && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }} useFlexGap>
          <Facet
            label={translate(`${T}.category`)}
            value={filters.category}
            options={f.categories.map((c) => ({ value: c.id, label: `${c.name} (${c.count})` }))}
            onChange={(v) => update({ category: v })}
          />
          <Facet
            label={translate(`${T}.difficulty`)}
            value={filters.difficulty}
            options={f.difficulties.map((c) => ({ value: c.id, label: `${c.name} (${c.count})` }))}
            onChange={(v) => update({ difficulty: v })}
          />
          <Facet
            label={translate(`${T}.organization`)}
            value={filters.organization}
            options={f.organizations.map((c) => ({ value: c.id, label: `${c.name} (${c.count})` }))}
            onChange={(v) => update({ organization: v })}
          />
          <Facet
            label={translate(`${T}.tag`)}
            value={filters.tag}
            options={f.tags.map((c) => ({ value: c.name, label: `${c.name} (${c.count})` }))}
            onChange={(v) => update({ tag: v })}
          />
          {filtered && (
            <Button
              onClick={() => {
                setWords('')
                setParams(new URLSearchParams())
              }}
            >
              {translate(`${T}.clear`)}
            </Button>
          )}
        </Stack>
      )}
      {facets.error ? <ErrorDisplay error={facets.error} /> : null}
      {list.isPending && <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mb: 2 }} />}
      {list.error ? <LoadFailure error={list.error} onRetry={retry} retryRef={retryRef} /> : null}
      {list.data && (
        <>
          {/* Where the focus goes when the list comes back after 'Try again'. */}
          <Typography ref={contentRef} tabIndex={-1} role="status" color="text.secondary" sx={{ mb: 2, outline: 'none' }}>
            {list.data.total === 0 ? translate(filtered ? `${T}.empty` : `${T}.emptyAll`) : translate(`${T}.results`, { smart_count: list.data.total })}
          </Typography>
          <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {list.data.items.map((course) => (
              <Grid key={course.uuid} size={{ xs: 12, sm: 6, md: 4, lg: 3 }} component="li">
                <CourseTile course={course} />
              </Grid>
            ))}
          </Grid>
          {list.data.items.length === 0 && list.data.total > 0 && (
            // A page past the end (an old link, fewer courses since): the way back to the first.
            <Alert severity="info" action={<Button onClick={() => update({ page: '' })}>{translate('ra.navigation.first')}</Button>}>
              {translate('ra.navigation.page_out_of_boundaries', { page })}
            </Alert>
          )}
          {pages > 1 && (
            <Box component="nav" aria-label={translate(`${T}.pages`)} sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
              <Pagination count={pages} page={Math.min(page, pages)} onChange={(_, p) => update({ page: p > 1 ? String(p) : '' })} />
            </Box>
          )}
        </>
      )}
    </>
  )
}

function Facet({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value?: string
  options: { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  const translate = useTranslate()
  if (options.length === 0) return null
  const id = `facet-${label.replace(/\W+/g, '-')}`
  return (
    <FormControl size="small" sx={{ minWidth: 180 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={options.some((o) => o.value === value) ? value : ''} onChange={(event) => onChange(event.target.value)}>
        <MenuItem value="">{translate(`${T}.any`)}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  )
}

/** A course card: the whole card opens the overview. */
export function CourseTile({ course }: { course: CatalogueCourse }) {
  const translate = useTranslate()
  const [broken, setBroken] = useState(false)
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={Link}
        to={`/galaxy/courses/overview/${course.uuid}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        {course.cover && !broken ? (
          <CardMedia component="img" height={150} image={course.cover} alt="" onError={() => setBroken(true)} sx={{ objectFit: 'cover' }} />
        ) : (
          <Box
            aria-hidden="true"
            sx={{ height: 150, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 56, fontWeight: 700 }}
          >
            {course.name.charAt(0).toUpperCase()}
          </Box>
        )}
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
            {course.name}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mb: 1.5, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {course.briefDescription}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {course.durationHours !== null && <Chip size="small" label={translate(`${T}.hours`, { smart_count: course.durationHours })} />}
            {course.difficulty && <Chip size="small" variant="outlined" label={course.difficulty.name} />}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  )
}
