import { useCallback, useEffect, useRef, useState } from 'react'
import { Alert, Box, Card, CardContent, Typography } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import type { AvatarNode, AvatarRequest } from '../../../contracts/experimental/avatars'
import { useGroups } from '../../layout/access/groups'
import { NodeList } from './NodeList'
import { RequestForm } from './RequestForm'
import { RequestList } from './RequestList'
import type { AppDataProvider } from '../../dataProvider'

const PAGE = 10
/** How often the lists are asked again while a request is queued or processing. */
const POLL_MS = 2500

/**
 * `/experimental/ai-avatars`: the request form, the list of requests (polled while any is waiting or
 * being rendered, so each shows its result as soon as it is done) and the worker nodes.
 */
export function AvatarsPage() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const t = (key: string) => translate(`aula.avatars.${key}`)
  const { groups } = useGroups()
  const everybody = groups.includes('admin')

  const [items, setItems] = useState<AvatarRequest[] | undefined>(undefined)
  const [token, setToken] = useState<string | null>(null)
  const [listError, setListError] = useState<unknown>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const [nodes, setNodes] = useState<AvatarNode[] | undefined>(undefined)
  const [nodesError, setNodesError] = useState<unknown>(null)
  const shown = useRef(PAGE)

  /** The first pages again, as many rows as are shown now (statuses and results change in place). */
  const refreshRequests = useCallback(async () => {
    try {
      const page = await dataProvider.listAvatarRequests(Math.min(100, Math.max(PAGE, shown.current)))
      setItems(page.items)
      setToken(page.paginationToken)
      setListError(null)
    } catch (err) {
      setListError(err)
    }
  }, [dataProvider])

  const refreshNodes = useCallback(async () => {
    try {
      setNodes((await dataProvider.listAvatarNodes()).items)
      setNodesError(null)
    } catch (err) {
      setNodesError(err)
    }
  }, [dataProvider])

  // The first load; later ones come from polling, the refresh buttons and "load more".
  useEffect(() => {
    let mounted = true
    dataProvider.listAvatarRequests(PAGE).then(
      (page) => {
        if (!mounted) return
        setItems(page.items)
        setToken(page.paginationToken)
      },
      (err: unknown) => mounted && setListError(err),
    )
    dataProvider.listAvatarNodes().then(
      (answer) => mounted && setNodes(answer.items),
      (err: unknown) => mounted && setNodesError(err),
    )
    return () => {
      mounted = false
    }
  }, [dataProvider])

  const live = Boolean(items?.some((r) => r.status === 'queued' || r.status === 'processing'))
  useEffect(() => {
    if (!live) return
    const timer = setTimeout(() => {
      void refreshRequests()
      void refreshNodes()
    }, POLL_MS)
    return () => clearTimeout(timer)
    // Each answer — new items, or a failure — schedules the next round.
  }, [live, items, listError, refreshRequests, refreshNodes])

  const more = async () => {
    if (!token) return
    setLoadingMore(true)
    try {
      const page = await dataProvider.listAvatarRequests(PAGE, token)
      setItems((current) => [...(current ?? []), ...page.items.filter((r) => !current?.some((c) => c.id === r.id))])
      setToken(page.paginationToken)
      shown.current += page.items.length
    } catch (err) {
      setListError(err)
    } finally {
      setLoadingMore(false)
    }
  }

  const created = (request: AvatarRequest) => {
    setItems((current) => [request, ...(current ?? []).filter((r) => r.id !== request.id)])
    shown.current += 1
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, py: 2, minWidth: 0 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Box>
      <Alert severity="info">{t('honesty')}</Alert>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent>
            <RequestForm onCreated={created} />
          </CardContent>
        </Card>
        <RequestList
          items={items}
          error={listError}
          loadingMore={loadingMore}
          hasMore={Boolean(token)}
          onMore={() => void more()}
          onRetry={() => void refreshRequests()}
          everybody={everybody}
          live={live}
        />
      </Box>
      <NodeList nodes={nodes} error={nodesError} onRefresh={() => void refreshNodes()} />
    </Box>
  )
}
