import UploadIcon from '@mui/icons-material/UploadFile'
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material'
import { useRef, useState } from 'react'
import { useTranslate } from 'react-admin'
import type { ResourceBlockKind } from '../../../contracts/courses/content'
import { contentApi } from './api'
import { fileName } from './fileUrl'
import type { BlockValues } from './model'

const T = 'aula.builder.contentEditor'

/** What each block kind's file picker offers (the server's upload kinds decide what is taken). */
const ACCEPT: Record<ResourceBlockKind, string | undefined> = {
  image: 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml',
  attachment: undefined,
  video: 'video/mp4,video/webm',
  simulation: 'text/html,.html,.htm,application/zip,.zip',
}

/**
 * A block's file: asks the server for upload parameters (`blocks/resource-par`), posts the file
 * straight to storage with a progress bar, then hands the stored path to the block's values.
 */
export function ResourceUpload({ course, blockId, kind, values, onUploaded }: { course: string; blockId: string; kind: ResourceBlockKind; values: BlockValues; onUploaded: (path: string, file: File) => void }) {
  const translate = useTranslate()
  const input = useRef<HTMLInputElement>(null)
  const request = useRef<XMLHttpRequest | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const inputId = `${blockId}-file`

  const upload = async (file: File) => {
    setError(null)
    setProgress(0)
    try {
      const params = await contentApi.resourceParams(course, blockId, kind, { size: file.size, contentType: file.type || 'application/octet-stream', fileName: file.name })
      await new Promise<void>((resolve, reject) => {
        const form = new FormData()
        for (const [name, value] of Object.entries(params.fields)) form.append(name, value)
        form.append('file', file)
        const xhr = new XMLHttpRequest()
        request.current = xhr
        xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100))
        xhr.onload = () => (xhr.status < 300 ? resolve() : reject(new Error(xhr.status === 413 || /EntityTooLarge/.test(xhr.responseText) ? translate(`${T}.upload.tooLarge`) : translate(`${T}.upload.failed`))))
        xhr.onerror = () => reject(new Error(translate(`${T}.upload.failed`)))
        xhr.onabort = () => reject(new Error(translate(`${T}.upload.cancelled`)))
        xhr.open('POST', params.url)
        xhr.send(form)
      })
      onUploaded(params.path, file)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      request.current = null
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <Stack spacing={1}>
      <Typography variant="body2" id={`${inputId}-current`}>
        {values.path ? translate(`${T}.fields.currentFile`, { name: fileName(values) }) : translate(`${T}.fields.noFile`)}
      </Typography>
      <Box>
        <input ref={input} id={inputId} type="file" accept={ACCEPT[kind]} hidden onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
        <Button variant="outlined" startIcon={<UploadIcon />} disabled={progress !== null} onClick={() => input.current?.click()} aria-describedby={`${inputId}-current`}>
          {translate(`${T}.upload.choose`)}
        </Button>
        {progress !== null && (
          <Button sx={{ ml: 1 }} onClick={() => request.current?.abort()}>
            {translate(`${T}.upload.cancel`)}
          </Button>
        )}
      </Box>
      {progress !== null && (
        <Box>
          <LinearProgress variant="determinate" value={progress} aria-labelledby={`${inputId}-progress`} />
          <Typography id={`${inputId}-progress`} variant="caption" role="status">
            {translate(`${T}.upload.progress`, { progress })}
          </Typography>
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  )
}
