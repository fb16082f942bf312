import { Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import type { AvatarNode } from '../../../contracts/experimental/avatars'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { useDateFormat } from '../../ui/formatDateTime'

const STATE_COLOR = { running: 'success', stopped: 'default', lost: 'warning' } as const

/** The worker nodes: state, host, renderer, last heartbeat, capacity in use and what each renders now. */
export function NodeList({ nodes, error, onRefresh }: { nodes: AvatarNode[] | undefined; error: unknown; onRefresh: () => void }) {
  const translate = useTranslate()
  const t = (key: string, options?: Record<string, unknown>) => translate(`aula.avatars.nodes.${key}`, options)
  const { dateTime } = useDateFormat()
  return (
    <Box component="section" aria-labelledby="avatar-nodes-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="avatar-nodes-heading" variant="h6" component="h2">
          {t('heading')}
        </Typography>
        <Button size="small" onClick={onRefresh}>
          {t('refresh')}
        </Button>
      </Stack>
      {error && !nodes ? (
        <ErrorDisplay error={error} />
      ) : !nodes ? (
        <Skeleton variant="rounded" height={96} aria-busy="true" aria-label={t('loading')} />
      ) : nodes.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby="avatar-nodes-heading"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(18rem, 1fr))' } }}
        >
          {nodes.map((n) => (
            <Card key={n.id} component="li" variant="outlined">
              <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <Typography component="h3" variant="subtitle2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
                    {n.id}
                  </Typography>
                  <Chip size="small" color={STATE_COLOR[n.state]} label={t(`state.${n.state}`)} />
                </Stack>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 2,
                    rowGap: 0.5,
                    '& dt': { color: 'text.secondary' },
                    '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
                  }}
                >
                  <Typography component="dt" variant="body2">
                    {t('host')}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {n.host}
                  </Typography>
                  <Typography component="dt" variant="body2">
                    {t('renderer')}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {n.renderer}
                  </Typography>
                  <Typography component="dt" variant="body2">
                    {t('heartbeat')}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {dateTime(n.heartbeatAt)}
                  </Typography>
                  <Typography component="dt" variant="body2">
                    {t('capacity')}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {t('capacityValue', { busy: n.currentJobs.length, capacity: n.capacity })}
                  </Typography>
                  <Typography component="dt" variant="body2">
                    {t('jobs')}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ fontFamily: n.currentJobs.length ? 'monospace' : undefined }}>
                    {n.currentJobs.length ? n.currentJobs.map((id) => id.slice(0, 8)).join(', ') : t('idle')}
                  </Typography>
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      {error && nodes ? <ErrorDisplay error={error} /> : null}
    </Box>
  )
}
