import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material'
import { useEffect } from 'react'
import { Form, regex, required, SelectInput, TextInput, useTranslate, type Validator } from 'react-admin'
import { useFormContext, useFormState, useWatch } from 'react-hook-form'
import {
  POST_CATEGORIES,
  POST_STATES,
  SITE_SLUG_PATTERN,
  type AdminPost,
  type PostCategory,
  type PostState,
  type Site,
} from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { sanitizeHtml } from '../../ui/sanitizeHtml'
import { UploadField } from '../../ui/upload'
import { useDataProvider } from 'react-admin'
import { PostBodyInput } from './PostBodyInput'
import { fromLocalInput, T, toLocalInput, useLanguageNames } from '../common'

const E = `${T}.editor`

export interface PostFormValues {
  title: string
  slug: string
  summary: string
  body: string
  coverPath: string | null
  coverUrl: string | null
  category: PostCategory | ''
  tags: string
  author: string
  state: PostState
  publishAt: string | null
  language: AdminPost['language']
}

interface Props {
  site: Site
  post: AdminPost | null
  initialLanguage: AdminPost['language']
  languageFixed: boolean
  serverErrors: Record<string, string>
  onSave: (values: PostFormValues) => Promise<void>
  onRemove?: () => void
}

/** The post's fields, the cover upload, and a sanitised preview of the text. */
export function PostForm({ site, post, initialLanguage, languageFixed, serverErrors, onSave, onRemove }: Props) {
  const translate = useTranslate()
  const languageName = useLanguageNames()
  const record: PostFormValues & { id: string } = {
    id: post?.id ?? 'new',
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    summary: post?.summary ?? '',
    body: post?.body ?? '',
    coverPath: post?.coverPath ?? null,
    coverUrl: post?.coverUrl ?? null,
    category: post?.category ?? '',
    tags: (post?.tags ?? []).join(', '),
    author: post?.author ?? '',
    state: post?.state ?? 'draft',
    publishAt: post?.publishAt ?? null,
    language: post?.language ?? initialLanguage,
  }
  const scheduledNeedsTime: Validator = (value: unknown, values: Record<string, unknown>) =>
    values.state === 'scheduled' && !value ? translate(`${E}.publishAtRequired`) : undefined
  return (
    <Form record={record} onSubmit={(values: Record<string, unknown>) => onSave(values as unknown as PostFormValues)} noValidate>
      <Stack spacing={0}>
        <ServerErrors errors={serverErrors} />
        <TextInput source="title" label={`${E}.title`} validate={required()} fullWidth />
        <TextInput
          source="slug"
          label={`${E}.slug`}
          helperText={`${E}.slugHelp`}
          validate={regex(new RegExp(SITE_SLUG_PATTERN), `${E}.slugInvalid`)}
          fullWidth
        />
        <SelectInput
          source="language"
          label={`${E}.language`}
          choices={site.languages.map((l) => ({ id: l, name: languageName(l) }))}
          disabled={languageFixed}
          validate={required()}
          translateChoice={false}
        />
        <TextInput source="summary" label={`${E}.summary`} multiline minRows={2} fullWidth />
        <PostBodyInput source="body" label={`${E}.body`} fullWidth />
        <Preview />
        <Cover site={site.slug} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput
            source="category"
            label={`${E}.category`}
            emptyText={`${E}.noCategory`}
            choices={POST_CATEGORIES.map((c) => ({ id: c, name: `${T}.posts.categories.${c}` }))}
          />
          <TextInput source="author" label={`${E}.author`} />
        </Stack>
        <TextInput source="tags" label={`${E}.tags`} helperText={`${E}.tagsHelp`} fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <SelectInput
            source="state"
            label={`${E}.state`}
            choices={POST_STATES.map((s) => ({ id: s, name: `${T}.posts.states.${s}` }))}
            validate={required()}
          />
          <TextInput
            source="publishAt"
            label={`${E}.publishAt`}
            helperText={`${E}.publishAtHelp`}
            type="datetime-local"
            format={(v: string | null) => toLocalInput(v)}
            parse={(v: string) => fromLocalInput(v)}
            validate={scheduledNeedsTime}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Actions onRemove={onRemove} />
      </Stack>
    </Form>
  )
}

/** Field errors the server answered, put on the form's fields. */
function ServerErrors({ errors }: { errors: Record<string, string> }) {
  const { setError } = useFormContext()
  useEffect(() => {
    for (const [field, message] of Object.entries(errors)) setError(field, { type: 'server', message })
  }, [errors, setError])
  return null
}

function Actions({ onRemove }: { onRemove?: () => void }) {
  const translate = useTranslate()
  const { isSubmitting } = useFormState()
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
      <Button type="submit" variant="contained" disabled={isSubmitting}>
        {translate(isSubmitting ? `${E}.saving` : `${E}.save`)}
      </Button>
      {onRemove && (
        <Button color="error" onClick={onRemove} disabled={isSubmitting}>
          {translate(`${E}.remove`)}
        </Button>
      )}
    </Stack>
  )
}

/** The cover: uploaded straight to storage with progress; the path is saved with the post. */
function Cover({ site }: { site: string }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { setValue } = useFormContext()
  const path = useWatch({ name: 'coverPath' }) as string | null
  const url = useWatch({ name: 'coverUrl' }) as string | null
  return (
    <Box sx={{ mb: 2 }}>
      {url && <Box component="img" src={url} alt="" sx={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain', display: 'block', mb: 1 }} />}
      <UploadField
        label={translate(`${E}.cover`)}
        kind="site-image"
        helperText={translate(`${E}.coverHelp`)}
        currentName={path?.split('/').pop() ?? null}
        getParams={(ask, signal) => dataProvider.askSiteImageUpload(site, ask, signal)}
        onUploaded={(uploaded, file) => {
          setValue('coverPath', uploaded, { shouldDirty: true })
          setValue('coverUrl', URL.createObjectURL(file))
        }}
      />
      {path && (
        <Button
          onClick={() => {
            setValue('coverPath', null, { shouldDirty: true })
            setValue('coverUrl', null)
          }}
        >
          {translate(`${E}.removeCover`)}
        </Button>
      )}
    </Box>
  )
}

/** What readers will see: the text sanitised as every reader screen does. */
function Preview() {
  const translate = useTranslate()
  const title = useWatch({ name: 'title' }) as string | undefined
  const html = useWatch({ name: 'body' }) as string | undefined
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle2" component="h2" color="text.secondary">
          {translate(`${E}.preview`)}
        </Typography>
        <Typography variant="h6" component="p">
          {title}
        </Typography>
        {html ? (
          <Box sx={{ '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
        ) : (
          <Typography color="text.secondary">{translate(`${E}.previewEmpty`)}</Typography>
        )}
      </CardContent>
    </Card>
  )
}

/** Someone saved the post in between: load their version, or save this one over it. */
export function ConflictDialog({ open, onLoad, onOverwrite }: { open: boolean; onLoad: () => void; onOverwrite: () => void }) {
  const translate = useTranslate()
  return (
    <Dialog open={open} aria-labelledby="post-conflict-title" aria-describedby="post-conflict-text">
      <DialogTitle id="post-conflict-title">{translate(`${E}.conflictTitle`)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="post-conflict-text">{translate(`${E}.conflictText`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLoad}>{translate(`${E}.conflictLoad`)}</Button>
        <Button variant="contained" onClick={onOverwrite}>
          {translate(`${E}.conflictOverwrite`)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
