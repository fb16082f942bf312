import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material'
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined'
import { useLocaleState, useTranslate } from 'react-admin'
import { kindAccepts, normalizeContentType, UPLOAD_KINDS, type UploadKind } from '../../../contracts/storage/kinds'
import { ApiError, errorFor } from '../../dataProvider/http'
import { htmlLang, type Locale } from '../../i18n'
import { formatBytes, typeNames } from './format'
import { isAbort, uploadFile, type UploadParams } from './uploadFile'

/** What the field tells the API when it asks for upload parameters (the body of a `...-par` call). */
export interface UploadAsk {
  size: number
  contentType: string
  fileName: string
}

export interface UploadFieldProps {
  /** The field's visible name ("Cover image"). */
  label: string
  /** The upload kind: its accepted types and largest size are checked before asking. */
  kind: UploadKind
  /** Asks the API for upload parameters (the kind's `...-par` call, with the course and block). */
  getParams: (ask: UploadAsk, signal: AbortSignal) => Promise<UploadParams>
  /** Registers the uploaded path (the matching update call); a failure is shown like an upload's. */
  onUploaded: (path: string, file: File) => Promise<void> | void
  /** The file the field holds now, if any: the button then offers to replace it. */
  currentName?: string | null
  /** Shown under the field, before the accepted types (what the file is for). */
  helperText?: ReactNode
  disabled?: boolean
  /**
   * The file chooser's own filter (`.imscc,.zip`), named to people by its extensions, for kinds whose
   * files browsers give no telling type; the kind's types are still what the upload may be.
   */
  accept?: string
}

type Phase = { step: 'idle' } | { step: 'preparing' | 'uploading' | 'saving'; file: File; percent: number } | { step: 'done' | 'cancelled'; file: File }

/**
 * A file chooser with a drop zone that uploads straight to storage: it checks type and size, asks
 * for parameters, uploads with a determinate progress bar (cancellable), then registers the path.
 * Errors show requirements §8's texts; nothing the creator typed elsewhere depends on it.
 */
export function UploadField({ label, kind, getParams, onUploaded, currentName, helperText, disabled = false, accept }: UploadFieldProps) {
  const translate = useTranslate()
  const t = (key: string, options?: Record<string, unknown>) => translate(`aula.upload.${key}`, options)
  const [locale] = useLocaleState()
  const lang = htmlLang[locale as Locale] ?? locale
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const controller = useRef<AbortController | null>(null)
  const [phase, setPhase] = useState<Phase>({ step: 'idle' })
  const [error, setError] = useState<{ title: string; detail?: string; retry?: File } | null>(null)
  const [dragging, setDragging] = useState(false)

  // A field that goes away (the block is deleted, the page left) stops its upload.
  useEffect(() => () => controller.current?.abort(), [])

  const { contentTypes, maxBytes } = UPLOAD_KINDS[kind]
  const types = accept ? accept.split(',').map((a) => a.trim().replace(/^\./, '').toUpperCase()) : typeNames(contentTypes)
  const busy = phase.step === 'preparing' || phase.step === 'uploading' || phase.step === 'saving'

  const start = async (file: File) => {
    setError(null)
    const contentType = normalizeContentType(file.type) || 'application/octet-stream'
    if (file.size === 0) return setError({ title: t('emptyFile') })
    if (!kindAccepts(kind, contentType)) return setError({ title: t('wrongType', { types: types.join(', ') }) })
    if (file.size > maxBytes) {
      return setError({ title: errorFor(413, null).title, detail: t('maxSize', { size: formatBytes(maxBytes, lang) }) })
    }
    const abort = new AbortController()
    controller.current = abort
    try {
      setPhase({ step: 'preparing', file, percent: 0 })
      const params = await getParams({ size: file.size, contentType, fileName: file.name }, abort.signal)
      if (abort.signal.aborted) throw new DOMException('cancelled', 'AbortError')
      setPhase({ step: 'uploading', file, percent: 0 })
      const path = await uploadFile({ params, file, signal: abort.signal, onProgress: ({ percent }) => setPhase({ step: 'uploading', file, percent }) })
      setPhase({ step: 'saving', file, percent: 100 })
      // Registering is not cancellable: the file is stored, the course must point at it.
      controller.current = null
      await onUploaded(path, file)
      setPhase({ step: 'done', file })
    } catch (err) {
      if (isAbort(err) || abort.signal.aborted) {
        setPhase({ step: 'cancelled', file })
        return
      }
      setPhase({ step: 'idle' })
      const e = err instanceof ApiError ? err : errorFor('network', null)
      setError({ title: e.title, detail: e.detail, retry: file })
    } finally {
      if (controller.current === abort) controller.current = null
    }
  }

  const choose = (files: FileList | null) => {
    if (!files || files.length === 0) return
    if (files.length > 1) return setError({ title: t('oneFile') })
    void start(files[0]!)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (busy || disabled) return
    choose(event.dataTransfer.files)
  }

  const hintId = `${id}-hint`
  const labelId = `${id}-label`
  const name = busy || phase.step === 'done' || phase.step === 'cancelled' ? phase.file.name : ''
  const status =
    phase.step === 'preparing'
      ? t('preparing', { name })
      : phase.step === 'uploading'
        ? t('uploading', { name })
        : phase.step === 'saving'
          ? t('saving', { name })
          : phase.step === 'done'
            ? t('done', { name })
            : phase.step === 'cancelled'
              ? t('cancelled', { name })
              : ''

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Typography id={labelId} component="div" variant="subtitle2">
        {label}
      </Typography>
      <Box
        onDragEnter={(e) => {
          e.preventDefault()
          if (!busy && !disabled) setDragging(true)
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
        }}
      >
        <CloudUploadOutlinedIcon aria-hidden color={dragging ? 'primary' : 'action'} />
        <Typography variant="body2" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
          {dragging ? t('dropNow') : currentName ? t('current', { name: currentName }) : t('drop')}
        </Typography>
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy || disabled} aria-describedby={hintId}>
          {currentName ? t('replace') : t('choose')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={`${label}: ${currentName ? t('replace') : t('choose')}`}
          accept={accept ?? (contentTypes.length > 0 ? contentTypes.join(',') : undefined)}
          disabled={busy || disabled}
          onChange={(e) => {
            choose(e.target.files)
            // Choosing the same file again after an error or cancel must fire a change.
            e.target.value = ''
          }}
        />
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {helperText ? <>{helperText} · </> : null}
        {contentTypes.length > 0 ? t('accepted', { types: types.join(', ') }) : t('anyType')} · {t('maxSize', { size: formatBytes(maxBytes, lang) })}
      </Typography>
      {busy ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <LinearProgress
            variant="determinate"
            value={phase.percent}
            aria-label={t('progress', { name })}
            sx={{ flex: '1 1 10rem', height: 8, borderRadius: 1 }}
          />
          <Typography variant="body2" sx={{ minWidth: '3.5em', textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
            {t('percent', { percent: phase.percent })}
          </Typography>
          {phase.step !== 'saving' ? (
            <Button size="small" onClick={() => controller.current?.abort()}>
              {t('cancel')}
            </Button>
          ) : null}
        </Box>
      ) : null}
      <Typography role="status" variant="body2" color={phase.step === 'done' ? 'success.main' : 'text.secondary'} sx={{ minHeight: status ? undefined : 0 }}>
        {status}
      </Typography>
      {error ? (
        <Alert
          severity="error"
          action={
            error.retry ? (
              <Button color="inherit" size="small" onClick={() => void start(error.retry!)}>
                {t('retry')}
              </Button>
            ) : undefined
          }
        >
          {error.title}
          {error.detail ? `: ${error.detail}` : null}
        </Alert>
      ) : null}
    </Box>
  )
}

/**
 * An error carrying requirements §8's texts. Checked by shape: react-admin's HttpError resets the prototype
 * of every instance to its own, so `instanceof ApiError` is false even for an ApiError.
 */
