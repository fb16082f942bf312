import { Box, Button, Card, CardActions, CardContent, CardMedia, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate } from 'react-admin'
import { Link } from 'react-router-dom'
import type { UserCourse } from '../../../contracts/subscriptions'

/** Spec §2: the card shows the first 20 words of the short description followed by ' ...'. */
export function shortDescription(text: string | undefined, words = 20): string {
  const list = (text ?? '').trim().split(/\s+/).filter(Boolean)
  return list.length ? `${list.slice(0, words).join(' ')} ...` : ''
}

/**
 * Where a cover loads from: a full URL or a site path as it is; otherwise the value is a path in the
 * file store, served under /files/.
 */
export function coverUrl(cover: string | undefined): string | undefined {
  if (!cover) return undefined
  if (/^https?:\/\//i.test(cover) || cover.startsWith('/')) return cover
  return `/files/${cover.split('/').map(encodeURIComponent).join('/')}`
}

export function CourseCard({ course }: { course: UserCourse }) {
  const translate = useTranslate()
  const [broken, setBroken] = useState(false)
  const cover = coverUrl(course.details.Cover)
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {cover && !broken ? (
        <CardMedia component="img" height={160} image={cover} alt="" onError={() => setBroken(true)} sx={{ objectFit: 'cover' }} />
      ) : (
        <Box
          aria-hidden="true"
          sx={{ height: 160, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 56, fontWeight: 700 }}
        >
          {course.name.charAt(0).toUpperCase()}
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {course.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {shortDescription(course.details.ShortDescription)}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to={`/galaxy/courses/overview/${course.uuid}`} size="small">
          {translate('aula.account.dashboard.goToCourse')}
        </Button>
      </CardActions>
    </Card>
  )
}
