import AddOutlined from '@mui/icons-material/AddOutlined'
import { Alert, Button, Chip, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material'
import { useDataProvider, useTranslate } from 'react-admin'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import { POST_CATEGORIES, POST_STATES, type AdminPost, type AdminPostsQuery, type PostKind } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { LoadFailure } from '../../ui/LoadFailure'
import { Scroll } from '../../ui/Scroll'
import { useLoad } from '../../ui/useLoad'
import { ALL_LANGUAGES, SitesLink, T, useLanguageNames, useSite, WebsitePage } from '../common'

const P = `${T}.posts`
/** The screen path of a kind: news under /news, blog posts under /blogs. */
export const kindPath = (kind: PostKind) => (kind === 'news' ? 'news' : 'blogs')

/**
 * `/admin/{site}/news` and `/admin/{site}/blogs`: the site's posts of one kind with state, language
 * and category filters kept in the address (the website menu's Documents, Organization Chart and
 * Social Networks open the news list filtered by their category).
 */
export function PostListPage({ kind }: { kind: PostKind }) {
  const translate = useTranslate()
  const site = useSite()
  const languageName = useLanguageNames()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [params, setParams] = useSearchParams()
  const pick = <V extends string>(key: string, values: readonly V[]) => {
    const v = params.get(key)
    return values.includes(v as V) ? (v as V) : undefined
  }
  const query: AdminPostsQuery = {
    kind,
    state: pick('state', POST_STATES),
    language: pick('language', ALL_LANGUAGES),
    category: pick('category', POST_CATEGORIES),
  }
  const key = `${site}:${kind}:${query.state}:${query.language}:${query.category}`
  const { data, error, isPending, reload } = useLoad(() => dataProvider.listPosts(site, query), key)
  const filtered = Boolean(query.state || query.language || query.category)
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    setParams(next, { replace: true })
  }
  const title = query.category ? `${translate(`${P}.${kind}`)} · ${translate(`${P}.categories.${query.category}`)}` : translate(`${P}.${kind}`)

  return (
    <WebsitePage
      title={title}
      actions={
        <>
          <SitesLink />
          <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`/admin/${site}/${kindPath(kind)}/create`}>
            {translate(`${P}.add`)}
          </Button>
        </>
      }
    >
      <Stack role="group" aria-label={translate(`${P}.filters`)} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Filter
          label={translate(`${P}.state`)}
          value={query.state ?? ''}
          onChange={(v) => set('state', v)}
          choices={POST_STATES.map((s) => [s, translate(`${P}.states.${s}`)])}
        />
        <Filter
          label={translate(`${P}.language`)}
          value={query.language ?? ''}
          onChange={(v) => set('language', v)}
          choices={ALL_LANGUAGES.map((l) => [l, languageName(l)])}
        />
        <Filter
          label={translate(`${P}.category`)}
          value={query.category ?? ''}
          onChange={(v) => set('category', v)}
          choices={POST_CATEGORIES.map((c) => [c, translate(`${P}.categories.${c}`)])}
        />
      </Stack>
      {error ? (
        <LoadFailure error={error} onRetry={reload} />
      ) : isPending || !data ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : data.length === 0 ? (
        <Alert severity="info">{translate(filtered ? `${P}.empty` : `${P}.emptyAll`)}</Alert>
      ) : (
        <Scroll>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${P}.columnTitle`)}</TableCell>
                <TableCell>{translate(`${P}.language`)}</TableCell>
                <TableCell>{translate(`${P}.state`)}</TableCell>
                <TableCell>{translate(`${P}.columnPublish`)}</TableCell>
                <TableCell>{translate(`${P}.columnUpdated`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((post) => (
                <PostRow key={post.id} post={post} to={`/admin/${site}/${kindPath(kind)}/${post.id}`} />
              ))}
            </TableBody>
          </Table>
        </Scroll>
      )}
    </WebsitePage>
  )
}

function Filter({ label, value, onChange, choices }: { label: string; value: string; onChange: (v: string) => void; choices: Array<[string, string]> }) {
  const translate = useTranslate()
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 180 }}>
      <MenuItem value="">{translate(`${P}.any`)}</MenuItem>
      {choices.map(([v, name]) => (
        <MenuItem key={v} value={v}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** A post's state as readers see it now, with the outdated-translation mark. */
export function PostStateChips({ post }: { post: Pick<AdminPost, 'effectiveState' | 'outdated'> }) {
  const translate = useTranslate()
  // Filled green when readers see it; a scheduled post is outlined, a draft plain (colours with enough contrast for small text).
  const published = post.effectiveState === 'published'
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <Chip
        size="small"
        color={published ? 'success' : 'default'}
        variant={post.effectiveState === 'scheduled' ? 'outlined' : 'filled'}
        label={translate(`${P}.states.${post.effectiveState}`)}
      />
      {post.outdated && <Chip size="small" color="warning" label={translate(`${P}.outdated`)} />}
    </Stack>
  )
}

function PostRow({ post, to }: { post: AdminPost; to: string }) {
  const languageName = useLanguageNames()
  return (
    <TableRow hover>
      <TableCell>
        <RouterLink to={to}>{post.title}</RouterLink>
      </TableCell>
      <TableCell>{languageName(post.language)}</TableCell>
      <TableCell>
        <PostStateChips post={post} />
      </TableCell>
      <TableCell>{post.publishAt ? formatDateTime(post.publishAt) : '—'}</TableCell>
      <TableCell>{formatDateTime(post.updatedAt)}</TableCell>
    </TableRow>
  )
}
