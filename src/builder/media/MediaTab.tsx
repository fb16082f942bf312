import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import { Box, Button, Grid, Link, Paper, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import type { UploadKind } from '../../../contracts/storage/kinds'
import type { CourseDraft } from '../../../contracts/courses/creator'
import { builderWrites, type MediaKind } from '../../dataProvider/builderWrites'
import { UploadField } from '../../ui/upload'
import { useBuilderCourse } from '../common/CourseContext'
import type { AppDataProvider } from '../../dataProvider'

const MEDIA: Array<{ kind: MediaKind; upload: UploadKind; preview: 'image' | 'video' | 'file' }> = [
  { kind: 'cover', upload: 'cover', preview: 'image' },
  { kind: 'thumbnail', upload: 'thumbnail', preview: 'image' },
  { kind: 'presentation', upload: 'presentation', preview: 'video' },
  { kind: 'template', upload: 'certificate-template', preview: 'file' },
]

/** What the tab shows of one medium: its stored path and a URL to read it from. */
interface Shown {
  path: string | null
  url: string | null
}

const fileName = (path: string | null) => (path ? decodeURIComponent(path.split('/').pop() ?? '').replace(/^[0-9a-z]+-/i, '') : null)

/**
 * The media tab: cover, thumbnail, presentation video and certificate template, each uploaded
 * straight to storage with its progress, then registered with the course (through the saver, so the
 * registration carries the revision), and previewed.
 */
export function MediaTab() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const { course, saver, canEdit } = useBuilderCourse()
  const [shown, setShown] = useState<Record<MediaKind, Shown>>(() => {
    const of = (kind: MediaKind): Shown => ({
      path: course[kind],
      url: (course[`${kind}Url` as keyof CourseDraft] as string | null | undefined) ?? null,
    })
    return { cover: of('cover'), thumbnail: of('thumbnail'), presentation: of('presentation'), template: of('template') }
  })
  const [local, setLocal] = useState<Partial<Record<MediaKind, string>>>({})

  const register = async (kind: MediaKind, path: string | null, file?: File) => {
    const answer = await saver.enqueue(builderWrites.media(course.uuid, kind, path), { debounce: false })
    const url = typeof answer.url === 'string' ? answer.url : null
    setShown((s) => ({ ...s, [kind]: { path, url } }))
    // Until the server gives a read URL, the chosen file itself is the preview.
    setLocal((l) => {
      if (l[kind]) URL.revokeObjectURL(l[kind])
      return { ...l, [kind]: !url && file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined }
    })
  }

  return (
    <Grid container spacing={3}>
      {MEDIA.map(({ kind, upload, preview }) => {
        const label = translate(`aula.builder.media.${kind}`)
        const current = shown[kind]
        const src = current.url ?? local[kind] ?? null
        return (
          <Grid key={kind} size={{ xs: 12, md: 6 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Typography variant="h6" component="h2">
                {label}
              </Typography>
              <Box
                role="group"
                aria-label={translate('aula.builder.media.preview', { kind: label })}
                sx={{
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  minHeight: 140,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  overflow: 'hidden',
                }}
              >
                {!current.path ? (
                  <Typography variant="body2" color="text.secondary">
                    {translate('aula.builder.media.none')}
                  </Typography>
                ) : preview === 'image' && src ? (
                  <Box component="img" src={src} alt="" sx={{ maxWidth: '100%', maxHeight: 220, objectFit: 'contain', display: 'block' }} />
                ) : preview === 'video' && src ? (
                  <Box component="video" src={src} controls preload="metadata" sx={{ maxWidth: '100%', maxHeight: 220, display: 'block' }} />
                ) : (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
                    <DescriptionOutlined aria-hidden="true" />
                    {src ? (
                      <Link href={src} target="_blank" rel="noopener noreferrer">
                        {fileName(current.path) ?? translate('aula.builder.media.openFile')}
                      </Link>
                    ) : (
                      <Typography variant="body2">{fileName(current.path)}</Typography>
                    )}
                  </Box>
                )}
              </Box>
              <UploadField
                label={label}
                kind={upload}
                helperText={translate(`aula.builder.media.${kind}Hint`)}
                currentName={fileName(current.path)}
                disabled={!canEdit}
                getParams={(ask) => dataProvider.askMediaUpload(kind, { uuid: course.uuid, ...ask })}
                onUploaded={(path, file) => register(kind, path, file)}
              />
              {canEdit && current.path && (
                <Box>
                  <Button color="error" startIcon={<DeleteOutlineOutlined />} onClick={() => void register(kind, null).catch(() => undefined)}>
                    {translate('aula.builder.media.remove', { kind: label })}
                  </Button>
                </Box>
              )}
            </Paper>
          </Grid>
        )
      })}
    </Grid>
  )
}
