import { Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography, Button } from '@mui/material'
import { useDataProvider, useTranslate } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import type { AdminPost, PostKind, Site } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { T, useLanguageNames } from '../common'
import { kindPath } from './PostListPage'

const E = `${T}.editor`

/** A source post's translations (each with its outdated mark) and the languages still to translate. */
export function Translations({ site, post, kind }: { site: Site; post: AdminPost; kind: PostKind }) {
  const translate = useTranslate()
  const languageName = useLanguageNames()
  const missing = site.languages.filter((l) => l !== post.language && !post.translations.some((t) => t.language === l))
  const base = `/admin/${site.slug}/${kindPath(kind)}`
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${E}.translations`)}
        </Typography>
        {post.translations.length === 0 ? (
          <Typography color="text.secondary">{translate(`${E}.noTranslations`)}</Typography>
        ) : (
          <List dense>
            {post.translations.map((t) => (
              <ListItem key={t.id} disableGutters>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <RouterLink to={`${base}/${t.id}`} aria-label={translate(`${E}.openTranslation`, { language: languageName(t.language) })}>
                    {languageName(t.language)}
                  </RouterLink>
                  <Chip
                    size="small"
                    color={t.outdated ? 'warning' : 'success'}
                    variant={t.outdated ? 'filled' : 'outlined'}
                    label={translate(t.outdated ? `${T}.posts.outdated` : `${E}.upToDate`)}
                  />
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
        <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          {missing.map((l) => (
            <Button key={l} size="small" variant="outlined" component={RouterLink} to={`${base}/create?source=${post.id}&language=${l}`}>
              {translate(`${E}.translate`, { language: languageName(l) })}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  )
}

/** The post's saved revisions, newest first. */
export function RevisionHistory({ site, post }: { site: string; post: AdminPost }) {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { data, error, reload } = useLoad(() => dataProvider.getPostRevisions(site, post.id), `revisions:${post.id}:${post.revision}`)
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${E}.history`)}
        </Typography>
        {error ? (
          <LoadFailure error={error} onRetry={reload} />
        ) : !data ? null : data.length === 0 ? (
          <Typography color="text.secondary">{translate(`${E}.historyEmpty`)}</Typography>
        ) : (
          <List dense>
            {data.map((r) => (
              <ListItem key={r.revision} disableGutters>
                <ListItemText
                  primary={r.title}
                  secondary={`${translate(`${E}.revisionLine`, { revision: r.revision, date: formatDateTime(r.savedAt), user: r.savedBy })} · ${translate(`${T}.posts.states.${r.state}`)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  )
}
