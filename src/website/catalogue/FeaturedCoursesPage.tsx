import { Box, Typography } from '@mui/material'
import { useDataProvider, useTranslate } from 'react-admin'
import { FEATURED_COURSES_MAX, type FeaturedCourse } from '../../../contracts/website/website'
import type { AppDataProvider } from '../../dataProvider'
import { SitesLink, T, useSite, WebsitePage } from '../common'
import { OrderedListEditor } from './OrderedListEditor'

const F = `${T}.featured`

/**
 * `/admin/{site}/courses`: the published courses the public site features, in order. The list is
 * changed on screen and saved whole with its revision (docs/website.md).
 */
export function FeaturedCoursesPage() {
  const translate = useTranslate()
  const site = useSite()
  const dataProvider = useDataProvider<AppDataProvider>()
  return (
    <WebsitePage title={translate(`${F}.title`)} intro={translate(`${F}.intro`)} actions={<SitesLink />}>
      <OrderedListEditor<FeaturedCourse>
        texts={F}
        field="courses"
        loadKey={`featured:${site}`}
        load={() => dataProvider.getFeaturedCourses(site)}
        save={(ids, revision) => dataProvider.saveFeaturedCourses(site, ids, revision)}
        search={(q, signal) => dataProvider.findFeaturedCourseCandidates(site, q, signal)}
        idOf={(c) => c.uuid}
        nameOf={(c) => c.name}
        renderItem={(c) => <CourseSummary course={c} />}
        max={FEATURED_COURSES_MAX}
      />
    </WebsitePage>
  )
}

function CourseSummary({ course }: { course: FeaturedCourse }) {
  const translate = useTranslate()
  return (
    <>
      {course.coverUrl ? (
        <Box
          component="img"
          src={course.coverUrl}
          alt=""
          width={96}
          height={54}
          sx={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
        />
      ) : (
        <Box sx={{ width: 96, height: 54, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(`${F}.noCover`)}
          </Typography>
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {course.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {course.briefDescription}
        </Typography>
      </Box>
    </>
  )
}
