import { Alert, Box, Divider, Link, Paper, Stack, Typography } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { useLoad } from '../../ui/useLoad'
import { useBlockTitle } from './BlockCard'
import { BlockView } from './BlockView'
import { KindIcon } from './kindIcons'
import { LoadFailed, Loading } from './LoadStates'
import type { Section } from './model'
import type { ReviewCourseResponse } from '../../../contracts/courses/content'
import type { AppDataProvider } from '../../dataProvider'

const T = 'aula.builder.contentEditor'

/**
 * The review route: the whole course as saved, section by section and block by block, read-only, for
 * reviewers, the owner and collaborators.
 */
export function ReviewView({ course }: { course: { uuid: string; name?: string } }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const review = useLoad(async () => (await dataProvider.getCourseReview(course.uuid)) as ReviewCourseResponse['Item'] & { items: Section[] }, course.uuid)
  return (
    <Box component="section" aria-labelledby="course-review-title">
      <Typography id="course-review-title" component="h2" variant="h5">
        {translate(`${T}.review.heading`)}
        {review.data?.name || course.name ? `: ${review.data?.name ?? course.name}` : ''}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.review.intro`)}
      </Typography>
      {review.isPending && <Loading text={translate(`${T}.review.loading`)} />}
      {review.error && <LoadFailed text={translate(`${T}.review.error`)} onRetry={review.reload} />}
      {review.data && <ReviewSections sections={review.data.items} withContents />}
    </Box>
  )
}

/** Sections and blocks read-only, in order; with `withContents`, an index links to each section. */
export function ReviewSections({ sections, withContents = false }: { sections: Section[]; withContents?: boolean }) {
  const translate = useTranslate()
  const blockTitle = useBlockTitle()
  const ordered = [...sections].sort((a, b) => a.position - b.position)
  if (ordered.length === 0) return <Alert severity="info">{translate(`${T}.review.empty`)}</Alert>
  return (
    <Stack spacing={3}>
      {withContents && ordered.length > 1 && (
        <Box component="nav" aria-labelledby="review-contents">
          <Typography id="review-contents" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate(`${T}.review.contents`)}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {ordered.map((s) => (
              <li key={s.id}>
                <Link href={`#review-${s.id}`}>{s.title || translate(`${T}.section.untitled`)}</Link>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {ordered.map((section, index) => (
        <Paper key={section.id} component="section" id={`review-${section.id}`} aria-labelledby={`review-${section.id}-title`} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id={`review-${section.id}-title`} component="h3" variant="h6" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {index + 1}. {section.title || translate(`${T}.section.untitled`)}
          </Typography>
          {section.blocks.length === 0 && <Typography color="text.secondary">{translate(`${T}.section.empty`)}</Typography>}
          <Stack spacing={3} divider={<Divider flexItem />}>
            {[...section.blocks]
              .sort((a, b) => a.position - b.position)
              .map((block) => (
                <Box component="article" key={block.id} aria-labelledby={`review-${block.id}-title`}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                    <KindIcon kind={block.kind} fontSize="small" color="action" />
                    <Typography id={`review-${block.id}-title`} component="h4" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {blockTitle(block)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {translate(`${T}.kinds.${block.kind}`)}
                      {block.values.required ? ` · ${translate(`${T}.review.required`)}` : ''}
                    </Typography>
                  </Stack>
                  <BlockView kind={block.kind} values={block.values} urls={block.urls} headingLevel={5} />
                </Box>
              ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  )
}
