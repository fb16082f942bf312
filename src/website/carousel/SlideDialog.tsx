import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material'
import { useState } from 'react'
import { useDataProvider, useNotify, useTranslate } from 'react-admin'
import { LINK_PATTERN, type Slide } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { UploadField } from '../../ui/upload'
import { fieldErrors, fromLocalInput, isStale, T, toLocalInput } from '../common'

const C = `${T}.carousel`
const LINK = new RegExp(LINK_PATTERN)

/** Adds or edits one slide; the image uploads straight to storage (with progress) before saving. */
export function SlideDialog({ site, slide, onClose, onSaved }: { site: string; slide: Slide | null; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [title, setTitle] = useState(slide?.title ?? '')
  const [text, setText] = useState(slide?.text ?? '')
  const [link, setLink] = useState(slide?.link ?? '')
  const [startsAt, setStartsAt] = useState(toLocalInput(slide?.startsAt))
  const [endsAt, setEndsAt] = useState(toLocalInput(slide?.endsAt))
  const [image, setImage] = useState<{ path: string | null; name: string | null; url: string | null }>({
    path: slide?.imagePath ?? null,
    name: slide?.imagePath?.split('/').pop() ?? null,
    url: slide?.imageUrl ?? null,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const check = () => {
    const e: Record<string, string> = {}
    if (!title.trim()) e.title = translate(`${C}.required`)
    if (link && !LINK.test(link)) e.link = translate(`${C}.linkInvalid`)
    const s = fromLocalInput(startsAt)
    const n = fromLocalInput(endsAt)
    if (s && n && Date.parse(s) >= Date.parse(n)) e.endsAt = translate(`${C}.endBeforeStart`)
    setErrors(e)
    return Object.keys(e).length === 0
  }

  const save = async () => {
    if (!check()) return
    setBusy(true)
    setFailure(null)
    const body = { title, text, link: link || null, imagePath: image.path, startsAt: fromLocalInput(startsAt), endsAt: fromLocalInput(endsAt) }
    try {
      if (slide) await dataProvider.updateSlide(site, slide.id, { ...body, revision: slide.revision })
      else await dataProvider.createSlide(site, body)
      notify(`${C}.saved`, { type: 'success' })
      onSaved()
    } catch (e) {
      setErrors(fieldErrors(e))
      setFailure(isStale(e) ? `${translate('aula.website.editor.conflictTitle')}. ${(e as Error).message}` : e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="slide-dialog-title">
      <DialogTitle id="slide-dialog-title">{translate(slide ? `${C}.dialogEdit` : `${C}.dialogNew`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label={translate(`${C}.fieldTitle`)}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            error={!!errors.title}
            helperText={errors.title}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={translate(`${C}.fieldText`)}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextField
            label={translate(`${C}.fieldLink`)}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            error={!!errors.link}
            helperText={errors.link ?? translate(`${C}.linkHelp`)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={translate(`${C}.startsAt`)}
              type="datetime-local"
              value={startsAt}
              onChange={(e) => setStartsAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!errors.startsAt}
              helperText={errors.startsAt}
              fullWidth
            />
            <TextField
              label={translate(`${C}.endsAt`)}
              type="datetime-local"
              value={endsAt}
              onChange={(e) => setEndsAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!errors.endsAt}
              helperText={errors.endsAt}
              fullWidth
            />
          </Stack>
          {image.url && <Box component="img" src={image.url} alt="" sx={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain', alignSelf: 'flex-start' }} />}
          <UploadField
            label={translate(`${C}.image`)}
            kind="site-image"
            helperText={errors.imagePath ?? translate(`${C}.imageHelp`)}
            currentName={image.name}
            getParams={(ask, signal) => dataProvider.askSiteImageUpload(site, ask, signal)}
            onUploaded={(path, file) => setImage({ path, name: file.name, url: URL.createObjectURL(file) })}
          />
          {image.path && (
            <Button onClick={() => setImage({ path: null, name: null, url: null })} sx={{ alignSelf: 'flex-start' }}>
              {translate(`${C}.removeImage`)}
            </Button>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate(`${C}.cancel`)}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {translate(`${C}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
