import {
  Alert,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { AssignmentEditor } from './AssignmentEditor'
import { BlockView } from './BlockView'
import { isWebUrl } from './fileUrl'
import { FormEditor } from './FormEditor'
import type { BlockKind, BlockValues } from './model'
import { ResourceUpload } from './ResourceUpload'
import { TextEditor } from './TextEditor'
import { formatVideoLength, parseVideoLength } from './videoLength'

const T = 'aula.builder.contentEditor'

export interface BlockEditorProps {
  course: string
  blockId: string
  kind: BlockKind
  values: BlockValues
  urls?: Record<string, string>
  /** `hold`: show the values but do not save them yet (the editor says what to fix). */
  onChange: (values: BlockValues, hold?: boolean) => void
}

/** The editor of one block: its title and "required" switch, then the fields of its kind. */
export function BlockEditor(props: BlockEditorProps) {
  const { blockId, values, onChange } = props
  const translate = useTranslate()
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label={translate(`${T}.block.title`)}
          value={values.title ?? ''}
          onChange={(e) => onChange({ ...values, title: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          id={`${blockId}-title`}
          fullWidth
        />
        <FormControlLabel
          sx={{ flexShrink: 0 }}
          control={<Switch checked={values.required ?? false} onChange={(e) => onChange({ ...values, required: e.target.checked })} />}
          label={translate(`${T}.block.required`)}
        />
      </Stack>
      <KindEditor {...props} />
    </Stack>
  )
}

function KindEditor({ course, blockId, kind, values, urls, onChange }: BlockEditorProps) {
  const translate = useTranslate()
  switch (kind) {
    case 'text':
      return <TextEditor blockId={blockId} values={values} onChange={onChange} />
    case 'form':
      return <FormEditor blockId={blockId} values={values} onChange={onChange} />
    case 'assignment':
      return <AssignmentEditor blockId={blockId} values={values} onChange={onChange} />
    case 'link':
      return <LinkEditor blockId={blockId} values={values} onChange={onChange} />
    case 'image':
      return (
        <Stack spacing={2}>
          <ResourceUpload course={course} blockId={blockId} kind="image" values={values} onUploaded={(path) => onChange({ ...values, path })} />
          <TextField
            label={translate(`${T}.fields.alt`)}
            helperText={translate(`${T}.fields.altHelp`)}
            value={values.alt ?? ''}
            onChange={(e) => onChange({ ...values, alt: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            id={`${blockId}-alt`}
            fullWidth
          />
          {values.path && <BlockView kind="image" values={values} urls={urls} compact />}
        </Stack>
      )
    case 'attachment':
      return (
        <Stack spacing={2}>
          <ResourceUpload
            course={course}
            blockId={blockId}
            kind="attachment"
            values={values}
            onUploaded={(path, file) => onChange({ ...values, path, fileName: file.name, size: file.size })}
          />
          {values.path && <BlockView kind="attachment" values={values} urls={urls} compact />}
        </Stack>
      )
    case 'video':
    case 'simulation':
      return <FileOrUrlEditor course={course} blockId={blockId} kind={kind} values={values} urls={urls} onChange={onChange} />
    case 'scorm':
      return (
        <Stack spacing={2}>
          <ResourceUpload
            course={course}
            blockId={blockId}
            kind="scorm"
            values={values}
            onUploaded={(path) => onChange({ ...values, path, package: undefined })}
          />
          <FormControl>
            <FormLabel id={`${blockId}-complete-when`}>{translate(`${T}.fields.completeWhen`)}</FormLabel>
            <RadioGroup
              aria-labelledby={`${blockId}-complete-when`}
              value={values.completeWhen === 'passed' ? 'passed' : 'completed'}
              onChange={(e) => onChange({ ...values, completeWhen: e.target.value === 'passed' ? 'passed' : 'completed' })}
            >
              <FormControlLabel value="completed" control={<Radio />} label={translate(`${T}.fields.completeWhenCompleted`)} />
              <FormControlLabel value="passed" control={<Radio />} label={translate(`${T}.fields.completeWhenPassed`)} />
            </RadioGroup>
          </FormControl>
          {values.path && <BlockView kind="scorm" values={values} urls={urls} compact />}
        </Stack>
      )
  }
}

function LinkEditor({ blockId, values, onChange }: { blockId: string; values: BlockValues; onChange: BlockEditorProps['onChange'] }) {
  const translate = useTranslate()
  const url = values.url ?? ''
  const invalid = url.trim() !== '' && !isWebUrl(url.trim())
  return (
    <Stack spacing={2}>
      <TextField
        label={translate(`${T}.fields.url`)}
        type="url"
        value={url}
        onChange={(e) => {
          const next = e.target.value
          // An address the server would refuse stays on screen, unsaved, until it is one.
          onChange({ ...values, url: next.trim() === '' ? undefined : next.trim() }, next.trim() !== '' && !isWebUrl(next.trim()))
        }}
        error={invalid}
        helperText={invalid ? translate(`${T}.validation.url`) : translate(`${T}.fields.urlHelp`)}
        id={`${blockId}-url`}
        fullWidth
      />
      {!invalid && url && <BlockView kind="link" values={values} compact />}
    </Stack>
  )
}

/**
 * Video and simulation: an uploaded file or a web address, and a preview of either. A video's length is
 * read by the server from an uploaded file (shown here); for an address the creator gives it.
 */
function FileOrUrlEditor({ course, blockId, kind, values, urls, onChange }: BlockEditorProps & { kind: 'video' | 'simulation' }) {
  const translate = useTranslate()
  const [source, setSource] = useState<'file' | 'url'>(values.url && !values.path ? 'url' : 'file')
  const [draftUrl, setDraftUrl] = useState(values.url ?? '')
  const [draftLength, setDraftLength] = useState(typeof values.duration === 'number' && !values.path ? formatVideoLength(values.duration) : '')
  const invalid = draftUrl.trim() !== '' && !isWebUrl(draftUrl.trim())
  const isVideo = kind === 'video'
  const length = parseVideoLength(draftLength)
  const lengthProblem = !isVideo || draftUrl.trim() === '' ? null : draftLength.trim() === '' ? 'lengthRequired' : length === null ? 'length' : null
  /** The values for an address and a typed length; held back while either is not valid. */
  const urlChanged = (nextUrl: string, nextLength: string) => {
    const url = nextUrl.trim()
    const seconds = parseVideoLength(nextLength)
    const base = { title: values.title, required: values.required }
    const bad = url !== '' && (!isWebUrl(url) || (isVideo && seconds === null))
    onChange(url ? { ...base, url, ...(isVideo && seconds !== null ? { duration: seconds } : {}) } : base, bad)
  }
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={source}
        onChange={(_e, next: 'file' | 'url' | null) => next && setSource(next)}
        aria-label={translate(`${T}.fields.source`)}
      >
        <ToggleButton value="file">{translate(`${T}.fields.sourceFile`)}</ToggleButton>
        <ToggleButton value="url">{translate(`${T}.fields.sourceUrl`)}</ToggleButton>
      </ToggleButtonGroup>
      {source === 'file' ? (
        <>
          <ResourceUpload
            course={course}
            blockId={blockId}
            kind={kind}
            values={values}
            onUploaded={(path) => onChange({ title: values.title, required: values.required, path })}
          />
          {values.url && !values.path && <Alert severity="info">{values.url}</Alert>}
          {isVideo && values.path && typeof values.duration === 'number' && (
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.fields.lengthRead`, { length: formatVideoLength(values.duration) })}
            </Typography>
          )}
        </>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={translate(`${T}.fields.url`)}
            type="url"
            value={draftUrl}
            onChange={(e) => {
              setDraftUrl(e.target.value)
              urlChanged(e.target.value, draftLength)
            }}
            error={invalid}
            helperText={invalid ? translate(`${T}.validation.url`) : translate(`${T}.fields.urlHelp`)}
            id={`${blockId}-url`}
            fullWidth
          />
          {isVideo && (
            <TextField
              label={translate(`${T}.fields.length`)}
              value={draftLength}
              onChange={(e) => {
                setDraftLength(e.target.value)
                urlChanged(draftUrl, e.target.value)
              }}
              required={draftUrl.trim() !== ''}
              error={lengthProblem !== null}
              helperText={lengthProblem ? translate(`${T}.validation.${lengthProblem}`) : translate(`${T}.fields.lengthHelp`)}
              id={`${blockId}-length`}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
              sx={{ minWidth: { sm: 200 } }}
            />
          )}
        </Stack>
      )}
      {(values.path || (values.url && !invalid)) && <BlockView kind={kind} values={values} urls={urls} compact />}
    </Stack>
  )
}
