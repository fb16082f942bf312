import ArrowBack from '@mui/icons-material/ArrowBack'
import { Alert, Box, Button, Chip, LinearProgress, Link as MuiLink, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material'
import { useTranslate, useDataProvider } from 'react-admin'
import { Link, useParams } from 'react-router-dom'
import type { MyProgress } from '../../../contracts/courses/gradebook'
import { screenGroups } from '../../../contracts/screens'
import type { AppDataProvider } from '../../dataProvider'
import { GroupGate } from '../../layout/access/GroupGate'
import { useTitleName } from '../../layout/DocumentTitle'
import { LoadFailure } from '../../ui/LoadFailure'
import { useLoad } from '../../ui/useLoad'
import { playerPath } from '../player/paths'

const T = 'aula.learner.progress'

/** /galaxy/courses/progress/:uuid (general group): the learner's grades in a course and what remains for the certificate. */
export function ProgressPage() {
  return (
    <GroupGate groups={screenGroups('/galaxy') ?? ['general']}>
      <Progress />
    </GroupGate>
  )
}

function Progress() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const { uuid = '' } = useParams()
  const mine = useLoad(() => dataProvider.getMyGrades(uuid), uuid)
  useTitleName(mine.data?.course.name)
  if (mine.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />
  if (mine.error || !mine.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          {translate(`${T}.title`)}
        </Typography>
        <LoadFailure error={mine.error} onRetry={mine.reload} />
        <Button component={Link} to="/dashboard" startIcon={<ArrowBack />}>
          {translate(`${T}.toDashboard`)}
        </Button>
      </Stack>
    )
  }
  const data = mine.data
  return (
    <Box component="section" aria-labelledby="progress-title" sx={{ maxWidth: 960, mx: 'auto' }}>
      <Button component={Link} to={playerPath(uuid)} startIcon={<ArrowBack />} size="small">
        {translate(`${T}.toCourse`)}
      </Button>
      <Typography id="progress-title" variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mt: 1, overflowWrap: 'anywhere' }}>
        {translate(`${T}.heading`, { name: data.course.name })}
      </Typography>
      <Summary data={data} />
      <Items data={data} />
      <Remaining data={data} course={uuid} />
    </Box>
  )
}

function Summary({ data }: { data: MyProgress }) {
  const translate = useTranslate()
  const { completion } = data
  const percent = completion.required ? Math.floor((completion.done * 100) / completion.required) : 0
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, my: 3 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" component="h2">
          {translate(`${T}.grade`)}
        </Typography>
        <Typography variant="h3" component="p">
          {data.grade === null ? '—' : `${data.grade} %`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.gradeRule`)}
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" component="h2">
          {translate(`${T}.completion`)}
        </Typography>
        {completion.completed ? (
          <>
            <Chip color="success" label={translate(`${T}.completed`)} />
            {completion.certificate && <Typography sx={{ mt: 1 }}>{translate(`${T}.certificate`, { code: completion.certificate })}</Typography>}
          </>
        ) : (
          <>
            <Typography id="progress-done">{translate(`${T}.done`, { done: completion.done, required: completion.required })}</Typography>
            <LinearProgress variant="determinate" value={percent} aria-labelledby="progress-done" sx={{ height: 8, borderRadius: 4, mt: 1 }} />
          </>
        )}
      </Paper>
    </Box>
  )
}

function Items({ data }: { data: MyProgress }) {
  const translate = useTranslate()
  return (
    <Box component="section" aria-labelledby="progress-items" sx={{ mb: 3 }}>
      <Typography id="progress-items" variant="h5" component="h2" sx={{ mb: 1 }}>
        {translate(`${T}.items`)}
      </Typography>
      {data.items.length === 0 ? (
        <Typography>{translate(`${T}.noItems`)}</Typography>
      ) : (
        <List disablePadding>
          {data.items.map((i) => {
            const c = i.cell
            const state =
              i.kind === 'form'
                ? c.attemptsUsed
                  ? translate(c.passed ? `${T}.passed` : `${T}.failed`)
                  : translate(`${T}.notTried`)
                : c.status === 'graded'
                  ? translate(c.passed ? `${T}.passed` : `${T}.failed`)
                  : translate(`${T}.states.${c.status ?? 'none'}`)
            return (
              <ListItem key={i.id} divider sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                <ListItemText
                  sx={{ flex: '1 1 240px', m: 0 }}
                  primary={i.name || translate(`${T}.kinds.${i.kind}`)}
                  secondary={`${translate(`${T}.kinds.${i.kind}`)} · ${i.sectionTitle} · ${translate(`${T}.weight`, { weight: i.weight })}`}
                />
                <Box sx={{ minWidth: 140, textAlign: { xs: 'left', sm: 'right' } }}>
                  <Typography sx={{ fontWeight: 600 }}>{c.score === null ? '—' : `${c.score} %`}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {state}
                    {i.kind === 'form' && ` · ${translate(`${T}.tries`, { used: c.attemptsUsed ?? 0, tries: c.tries ?? 0 })}`}
                  </Typography>
                  {c.late && <Chip size="small" variant="outlined" color="warning" label={translate(`${T}.late`)} />}
                </Box>
              </ListItem>
            )
          })}
        </List>
      )}
    </Box>
  )
}

function Remaining({ data, course }: { data: MyProgress; course: string }) {
  const translate = useTranslate()
  if (data.completion.completed) return null
  return (
    <Box component="section" aria-labelledby="progress-remaining">
      <Typography id="progress-remaining" variant="h5" component="h2" sx={{ mb: 1 }}>
        {translate(`${T}.remaining`)}
      </Typography>
      {data.remaining.length === 0 ? (
        <Alert severity="info">{translate(`${T}.nothingLeft`)}</Alert>
      ) : (
        <List disablePadding>
          {data.remaining.map((b) => (
            <ListItem key={b.id} divider>
              <ListItemText
                primary={
                  <MuiLink component={Link} to={playerPath(course, b.id)}>
                    {b.title || translate(`${T}.untitled`)}
                  </MuiLink>
                }
                secondary={b.sectionTitle}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  )
}
