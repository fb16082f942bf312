import { Button, Stack, Typography } from '@mui/material'
import { useListContext, useTranslate } from 'react-admin'
import type { TokenListMeta } from '../../dataProvider'

/**
 * Paging of the token-paged lists (requirements §2, subscriptions management): the estimated total, 'Next Page'
 * only while the server gave a pagination token, and 'Start from the beginning'. There is no jump to
 * page N: a token list can only be walked forwards.
 */
export function TokenPagination() {
  const { page, setPage, hasNextPage, meta, refetch, isPending, total } = useListContext()
  const translate = useTranslate()
  const estimated = (meta as TokenListMeta | undefined)?.estimated
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {estimated == null
          ? translate('aula.admin.paging.estimatedUnknown')
          : translate('aula.admin.paging.estimated', { smart_count: estimated, count: estimated.toLocaleString() })}
        {total === undefined && page > 1 ? ` · ${translate('aula.admin.paging.page', { page })}` : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" disabled={isPending} onClick={() => (page === 1 ? refetch() : setPage(1))}>
          {translate('aula.admin.paging.start')}
        </Button>
        {hasNextPage && (
          <Button variant="contained" disabled={isPending} onClick={() => setPage(page + 1)}>
            {translate('aula.admin.paging.next')}
          </Button>
        )}
      </Stack>
    </Stack>
  )
}
