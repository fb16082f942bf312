import AddOutlined from '@mui/icons-material/AddOutlined'
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useNotify, useTranslate } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import { SITE_SLUG_PATTERN, type Site } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { LoadFailure } from '../../ui/LoadFailure'
import { Scroll } from '../../ui/Scroll'
import { useLoad } from '../../ui/useLoad'
import { ALL_LANGUAGES, fieldErrors, T, useLanguageNames, WebsitePage } from '../common'

const S = `${T}.sites`
type Language = Site['defaultLanguage']

/** `/admin/websites`: the centre's websites; add one, or rename one and choose its languages. */
export function SitesPage() {
  const translate = useTranslate()
  const languageName = useLanguageNames()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { data, error, isPending, reload } = useLoad(() => dataProvider.listSites(), 'sites')
  const [editing, setEditing] = useState<Site | 'new' | null>(null)
  return (
    <WebsitePage
      title={translate(`${S}.title`)}
      actions={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          {translate(`${S}.add`)}
        </Button>
      }
    >
      {error ? (
        <LoadFailure error={error} onRetry={reload} />
      ) : isPending || !data ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : data.length === 0 ? (
        <Alert severity="info">{translate(`${S}.empty`)}</Alert>
      ) : (
        <Scroll>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${S}.name`)}</TableCell>
                <TableCell>{translate(`${S}.slug`)}</TableCell>
                <TableCell>{translate(`${S}.languages`)}</TableCell>
                <TableCell>
                  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{translate(`${S}.rename`)}</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((site) => (
                <TableRow key={site.id}>
                  <TableCell>
                    <RouterLink to={`/admin/${site.slug}/carousel`}>{site.name}</RouterLink>{' '}
                    {site.isDefault && <Chip size="small" label={translate(`${S}.isDefault`)} />}
                  </TableCell>
                  <TableCell>
                    <code>{site.slug}</code>
                  </TableCell>
                  <TableCell>{site.languages.map((l) => (l === site.defaultLanguage ? `${languageName(l)} ★` : languageName(l))).join(', ')}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setEditing(site)} aria-label={`${translate(`${S}.rename`)}: ${site.name}`}>
                      {translate(`${S}.rename`)}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroll>
      )}
      {editing && (
        <SiteDialog
          site={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            reload()
          }}
        />
      )}
    </WebsitePage>
  )
}

function SiteDialog({ site, onClose, onSaved }: { site: Site | null; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const languageName = useLanguageNames()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [slug, setSlug] = useState(site?.slug ?? '')
  const [name, setName] = useState(site?.name ?? '')
  const [languages, setLanguages] = useState<Language[]>(site?.languages ?? ['mx'])
  const [defaultLanguage, setDefaultLanguage] = useState<Language>(site?.defaultLanguage ?? 'mx')
  const [baseUrl, setBaseUrl] = useState(site?.baseUrl ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const toggle = (l: Language) => setLanguages((ls) => (ls.includes(l) ? ls.filter((x) => x !== l) : [...ls, l]))
  const save = async () => {
    const e: Record<string, string> = {}
    if (!name.trim()) e.name = translate(`${T}.carousel.required`)
    if (!site && !new RegExp(SITE_SLUG_PATTERN).test(slug)) e.slug = translate(`${S}.slugHelp`)
    setErrors(e)
    if (Object.keys(e).length) return
    setBusy(true)
    setFailure(null)
    const fields = { name, languages, defaultLanguage: languages.includes(defaultLanguage) ? defaultLanguage : languages[0]!, baseUrl: baseUrl || null }
    try {
      if (site) await dataProvider.updateSite(site.slug, { ...fields, revision: site.revision })
      else await dataProvider.createSite({ ...fields, slug })
      notify(`${S}.saved`, { type: 'success' })
      onSaved()
    } catch (err) {
      setErrors(fieldErrors(err))
      setFailure(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="site-dialog-title">
      <DialogTitle id="site-dialog-title">{site ? site.name : translate(`${S}.add`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label={translate(`${S}.name`)}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            error={!!errors.name}
            helperText={errors.name}
          />
          <TextField
            label={translate(`${S}.slug`)}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
            disabled={!!site}
            required
            error={!!errors.slug}
            helperText={errors.slug ?? translate(`${S}.slugHelp`)}
          />
          <FormGroup>
            <FormLabel component="legend">{translate(`${S}.languages`)}</FormLabel>
            <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
              {ALL_LANGUAGES.map((l) => (
                <FormControlLabel key={l} control={<Checkbox checked={languages.includes(l)} onChange={() => toggle(l)} />} label={languageName(l)} />
              ))}
            </Stack>
          </FormGroup>
          <TextField
            select
            label={translate(`${S}.defaultLanguage`)}
            value={languages.includes(defaultLanguage) ? defaultLanguage : (languages[0] ?? '')}
            onChange={(e) => setDefaultLanguage(e.target.value as Language)}
            error={!!errors.defaultLanguage}
            helperText={errors.defaultLanguage}
          >
            {languages.map((l) => (
              <MenuItem key={l} value={l}>
                {languageName(l)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate(`${S}.baseUrl`)}
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            error={!!errors.baseUrl}
            helperText={errors.baseUrl}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate(`${S}.cancel`)}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || languages.length === 0}>
          {translate(`${S}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
