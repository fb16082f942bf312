import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined'
import { Alert, AlertTitle, Box, Button, LinearProgress } from '@mui/material'
import { useState } from 'react'
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin'
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { LANGUAGES } from '../../../contracts/config'
import type { AdminPost, PostCreateBody, PostKind, PostUpdateBody, Site } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { ApiError } from '../../dataProvider/http'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { isStale, T, useSite, WebsitePage } from '../common'
import { kindPath } from './PostListPage'
import { ConflictDialog, PostForm, type PostFormValues } from './PostForm'
import { RevisionHistory, Translations } from './PostSide'

const E = `${T}.editor`

/**
 * `/admin/{site}/{news|blogs}/{id|create}`: writes or edits a post. Every save carries the revision
 * the form was loaded with; a stale one (someone saved in between) opens the conflict dialog, which
 * loads the saved version or saves this one over it. `?source=<id>&language=<code>` starts a translation.
 */
export function PostEditPage({ kind }: { kind: PostKind }) {
  const translate = useTranslate()
  const site = useSite()
  const { id = 'create' } = useParams<{ id: string }>()
  const [search] = useSearchParams()
  const dataProvider = useDataProvider<AppDataProvider>()
  const creating = id === 'create'
  const sites = useLoad(() => dataProvider.listSites(), 'sites')
  const post = useLoad(() => (creating ? Promise.resolve(null) : dataProvider.getPost(site, id)), `post:${site}:${id}`)
  const siteInfo = sites.data?.find((s) => s.slug === site)
  const back = `/admin/${site}/${kindPath(kind)}`

  const failure = sites.error ?? post.error
  return (
    <WebsitePage
      title={translate(creating ? `${E}.newTitle` : `${E}.editTitle`)}
      actions={
        <Button component={RouterLink} to={back} startIcon={<ArrowBackOutlined />}>
          {translate(`${E}.back`)}
        </Button>
      }
    >
      {failure ? (
        failure instanceof ApiError && failure.status === 404 ? (
          <Alert severity="warning">{translate(`${E}.notFound`)}</Alert>
        ) : (
          <LoadFailure
            error={failure}
            onRetry={() => {
              sites.reload()
              post.reload()
            }}
          />
        )
      ) : sites.isPending || post.isPending ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : !siteInfo ? (
        <Alert severity="warning">{translate(`${T}.sites.unknown`)}</Alert>
      ) : (
        <Editor
          key={`${post.data?.id ?? 'new'}:${post.data?.revision ?? 0}`}
          kind={kind}
          site={siteInfo}
          post={post.data ?? null}
          sourceId={creating ? search.get('source') : null}
          language={creating ? search.get('language') : null}
          reload={post.reload}
          back={back}
        />
      )}
    </WebsitePage>
  )
}

interface EditorProps {
  kind: PostKind
  site: Site
  post: AdminPost | null
  sourceId: string | null
  language: string | null
  reload: () => void
  back: string
}

const bodyOf = (v: PostFormValues) => ({
  title: v.title,
  slug: v.slug ? v.slug : undefined,
  summary: v.summary ?? '',
  body: v.body ?? '',
  coverPath: v.coverPath ?? null,
  category: v.category || null,
  tags: (v.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  author: v.author ?? '',
  state: v.state,
  publishAt: v.publishAt || null,
})

function Editor({ kind, site, post, sourceId, language, reload, back }: EditorProps) {
  const translate = useTranslate()
  const notify = useNotify()
  const navigate = useNavigate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const [conflict, setConflict] = useState<PostFormValues | null>(null)
  const [removing, setRemoving] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const initialLanguage = (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as AdminPost['language']) : site.defaultLanguage

  const afterSave = (saved: AdminPost) => {
    notify(`${E}.saved`, { type: 'success' })
    if (!post) navigate(`/admin/${site.slug}/${kindPath(kind)}/${saved.id}`, { replace: true })
    else reload()
  }
  const fail = (e: unknown, values: PostFormValues) => {
    if (isStale(e)) return setConflict(values)
    const errors = e instanceof ApiError ? ((e.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) : {}
    setServerErrors(errors)
    notify(e instanceof Error ? e.message : String(e), { type: 'error' })
  }
  const save = async (values: PostFormValues) => {
    setServerErrors({})
    try {
      if (post) {
        afterSave(await dataProvider.updatePost(site.slug, post.id, { ...bodyOf(values), revision: post.revision } satisfies PostUpdateBody))
      } else {
        const body: PostCreateBody = { ...bodyOf(values), kind, language: values.language, ...(sourceId ? { sourceId } : {}) }
        afterSave(await dataProvider.createPost(site.slug, body))
      }
    } catch (e) {
      fail(e, values)
    }
  }
  /** The conflict dialog's "save mine over it": the latest revision, this text. */
  const overwrite = async () => {
    const mine = conflict
    setConflict(null)
    if (!post || !mine) return
    try {
      const latest = await dataProvider.getPost(site.slug, post.id)
      afterSave(await dataProvider.updatePost(site.slug, post.id, { ...bodyOf(mine), revision: latest.revision }))
    } catch (e) {
      fail(e, mine)
    }
  }
  const remove = async () => {
    setRemoving(false)
    if (!post) return
    try {
      await dataProvider.deletePost(site.slug, post.id, post.revision)
      notify(`${E}.removed`, { type: 'success' })
      navigate(back)
    } catch (e) {
      fail(e, {} as PostFormValues)
    }
  }

  return (
    <>
      {post?.outdated && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{translate(`${E}.outdatedTitle`)}</AlertTitle>
          {translate(`${E}.outdatedText`)}{' '}
          {post.sourceId && <RouterLink to={`/admin/${site.slug}/${kindPath(kind)}/${post.sourceId}`}>{translate(`${E}.sourceLink`)}</RouterLink>}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <PostForm
          site={site}
          post={post}
          initialLanguage={initialLanguage}
          languageFixed={Boolean(post) || Boolean(sourceId)}
          serverErrors={serverErrors}
          onSave={save}
          onRemove={post ? () => setRemoving(true) : undefined}
        />
        {post && (
          <Box>
            {!post.sourceId && <Translations site={site} post={post} kind={kind} />}
            <RevisionHistory site={site.slug} post={post} />
          </Box>
        )}
      </Box>
      <ConflictDialog
        open={conflict !== null}
        onLoad={() => {
          setConflict(null)
          reload()
        }}
        onOverwrite={() => void overwrite()}
      />
      <Confirm
        isOpen={removing}
        title={translate(`${E}.removeTitle`, { title: post?.title ?? '' })}
        content={translate(`${E}.removeText`)}
        confirm={translate(`${E}.remove`)}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(false)}
      />
    </>
  )
}
