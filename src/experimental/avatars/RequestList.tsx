import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, LinearProgress, Skeleton, Stack, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import { useTranslate } from 'react-admin'
import type { AvatarRequest, AvatarStatus } from '../../../contracts/experimental/avatars'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'

const STATUS_COLOR: Record<AvatarStatus, 'default' | 'info' | 'success' | 'error'> = { queued: 'default', processing: 'info', done: 'success', failed: 'error' }

export interface RequestListProps {
  items: AvatarRequest[] | undefined
  error: unknown
  loadingMore: boolean
  hasMore: boolean
  onMore: () => void
  onRetry: () => void
  /** Administrators see everybody's requests, each with its owner. */
  everybody: boolean
  live: boolean
}

/** The requests, newest first, each with its status and, once done, the result to watch and download. */
export function RequestList({ items, error, loadingMore, hasMore, onMore, onRetry, everybody, live }: RequestListProps) {
  const translate = useTranslate()
  const t = (key: string, options?: Record<string, unknown>) => translate(`aula.avatars.${key}`, options)
  return (
    <Box component="section" aria-labelledby="avatar-requests-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="avatar-requests-heading" variant="h6" component="h2">
          {everybody ? t('requests.headingAll') : t('requests.heading')}
        </Typography>
        <Button size="small" onClick={onRetry}>
          {t('requests.refresh')}
        </Button>
      </Stack>
      {live ? (
        <Typography variant="body2" color="text.secondary">
          {t('requests.live')}
        </Typography>
      ) : null}
      {error && !items ? (
        <Box>
          <ErrorDisplay error={error} />
        </Box>
      ) : !items ? (
        <Stack spacing={2} aria-busy="true" aria-label={t('requests.loading')}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{t('requests.empty')}</Typography>
      ) : (
        <Box component="ul" aria-labelledby="avatar-requests-heading" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {items.map((r) => (
            <RequestCard key={r.id} request={r} everybody={everybody} />
          ))}
        </Box>
      )}
      {error && items ? <ErrorDisplay error={error} /> : null}
      {hasMore ? (
        <Box>
          <Button variant="outlined" onClick={onMore} disabled={loadingMore}>
            {t('requests.more')}
          </Button>
        </Box>
      ) : null}
    </Box>
  )
}

function RequestCard({ request: r, everybody }: { request: AvatarRequest; everybody: boolean }) {
  const translate = useTranslate()
  const t = (key: string, options?: Record<string, unknown>) => translate(`aula.avatars.${key}`, options)
  const { dateTime } = useDateFormat()
  const waiting = r.status === 'queued' || r.status === 'processing'
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box
          component="img"
          src={r.photoUrl}
          alt={t('requests.photoAlt')}
          sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, flex: '0 0 auto' }}
        />
        <Box sx={{ flex: '1 1 14rem', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Box aria-live="polite">
              <Chip size="small" color={STATUS_COLOR[r.status]} label={t(`requests.status.${r.status}`)} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('requests.created', { date: dateTime(r.createdAt) })}
            </Typography>
          </Stack>
          {/* The voice names the text's language (es, en, it, de, ru are BCP 47 tags): screen readers read it in that language. */}
          <Typography component="blockquote" lang={r.voice} sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {r.text}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('requests.details', { style: t(`styles.${r.style}`), voice: t(`voices.${r.voice}`) })}
            {everybody ? ` · ${t('requests.owner', { name: r.owner.email })}` : ''}
          </Typography>
          {waiting ? (
            <Box>
              <LinearProgress aria-label={r.status === 'queued' ? t('requests.queuedHint') : t('requests.processingHint')} sx={{ mb: 0.5 }} />
              <Typography variant="body2" color="text.secondary">
                {r.status === 'queued' ? t('requests.queuedHint') : t('requests.processingHint')}
              </Typography>
            </Box>
          ) : null}
          {r.status === 'failed' ? (
            <Alert severity="error">
              <AlertTitle>{t('requests.failed')}</AlertTitle>
              {r.error}
            </Alert>
          ) : null}
          {r.status === 'done' && r.resultUrl ? <Result request={r} /> : null}
        </Box>
      </CardContent>
    </Card>
  )
}

function Result({ request: r }: { request: AvatarRequest }) {
  const translate = useTranslate()
  const t = (key: string, options?: Record<string, unknown>) => translate(`aula.avatars.${key}`, options)
  const extension = r.resultType?.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin'
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      {r.resultKind === 'video' ? (
        <Box
          component="video"
          controls
          preload="metadata"
          poster={r.posterUrl ?? undefined}
          src={r.resultUrl!}
          aria-label={t('requests.videoLabel', { text: r.text.length > 80 ? `${r.text.slice(0, 80)}…` : r.text })}
          sx={{ width: '100%', maxWidth: 360, borderRadius: 1, bgcolor: 'common.black' }}
        />
      ) : (
        <>
          <Box component="img" src={r.resultUrl!} alt={t('requests.imageAlt')} sx={{ width: '100%', maxWidth: 360, height: 'auto', borderRadius: 1 }} />
          {r.renderer === 'embedded' ? (
            <Typography variant="body2" color="text.secondary">
              {t('requests.imageOnly')}
            </Typography>
          ) : null}
        </>
      )}
      <Button
        component="a"
        href={r.resultUrl!}
        download={`avatar-${r.id.slice(0, 8)}.${extension}`}
        startIcon={<DownloadIcon />}
        variant="outlined"
        size="small"
      >
        {t('requests.download')}
      </Button>
      {r.renderer ? (
        <Typography variant="caption" color="text.secondary">
          {t('requests.renderer', { name: r.renderer })}
        </Typography>
      ) : null}
    </Box>
  )
}
