import { Alert, Box, Button, Chip, MenuItem, Stack, Tab, TableCell, Tabs, TextField } from '@mui/material'
import { useCallback, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import { GRADING_FILTERS, type GradingFilter, type QueueItem } from '../../../contracts/learner/assignments'
import type { AppDataProvider } from '../../dataProvider'
import { useDateFormat } from '../../ui/formatDateTime'
import { TableCard } from '../../ui/TableCard'
import { useTokenPages } from '../../ui/useTokenPages'
import { canGradeCourse, useBuilderCourse } from '../common/CourseContext'
import { TabIntro } from '../common/TabIntro'
import { LoadFailed } from '../content/LoadStates'
import { EssayQueue } from './EssayQueue'
import { GradeDialog } from './GradeDialog'

const T = 'aula.builder.grading'

type Queue = 'assignments' | 'essays'

const rowId = (i: QueueItem) => i.id

/**
 * The course's grading: two queues, chosen by tabs — the assignments' submissions and the essays of
 * submitted form attempts. Only course staff grade; anyone else is told so.
 */
export function GradingTab() {
  const translate = useTranslate()
  const { course } = useBuilderCourse()
  const [queue, setQueue] = useState<Queue>('assignments')
  const allowed = canGradeCourse(course.role)

  if (!allowed)
    return (
      <Box>
        <TabIntro title={`${T}.title`} intro={`${T}.intro`} />
        <Alert severity="info">{translate(`${T}.cannotGrade`)}</Alert>
      </Box>
    )

  return (
    <Box>
      <TabIntro title={`${T}.title`} intro={`${T}.intro`} />
      <Tabs
        value={queue}
        onChange={(_, v: Queue) => setQueue(v)}
        aria-label={translate(`${T}.queues.label`)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {(['assignments', 'essays'] as const).map((q) => (
          <Tab key={q} value={q} label={translate(`${T}.queues.${q}`)} id={`grading-tab-${q}`} aria-controls={`grading-panel-${q}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`grading-panel-${queue}`} aria-labelledby={`grading-tab-${queue}`}>
        {queue === 'assignments' ? <AssignmentQueue /> : <EssayQueue />}
      </Box>
    </Box>
  )
}

/**
 * The assignments' queue: submissions oldest first, filtered by status, learner or assignment and
 * paged by token ("Show more"); a row opens the submission to grade or return it.
 */
function AssignmentQueue() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const dates = useDateFormat()
  const { course } = useBuilderCourse()
  const [filter, setFilter] = useState<GradingFilter>('ungraded')
  const [learner, setLearner] = useState('')
  const [search, setSearch] = useState('')
  const [block, setBlock] = useState('')
  const [open, setOpen] = useState<string | null>(null)
  const query = useCallback(
    (after: string | null) =>
      dataProvider.getGradingQueue(course.uuid, { filter, learner: search, block: block || undefined, paginationToken: after ?? undefined }),
    [dataProvider, course.uuid, filter, search, block],
  )
  const { items, page, hasMore, failed, more, reload } = useTokenPages(query, rowId)
  const assignments = page?.assignments ?? []

  const title = (id: string) => assignments.find((a) => a.id === id)?.title || translate(`${T}.untitled`)
  return (
    <Box>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2 }}
        onSubmit={(e) => {
          e.preventDefault()
          setSearch(learner)
        }}
      >
        <TextField
          select
          size="small"
          label={translate(`${T}.filter`)}
          value={filter}
          onChange={(e) => setFilter(e.target.value as GradingFilter)}
          sx={{ minWidth: 180 }}
        >
          {GRADING_FILTERS.map((f) => (
            <MenuItem key={f} value={f}>
              {translate(`${T}.filters.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={translate(`${T}.assignment`)} value={block} onChange={(e) => setBlock(e.target.value)} sx={{ minWidth: 200 }}>
          <MenuItem value="">{translate(`${T}.allAssignments`)}</MenuItem>
          {assignments.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.title || translate(`${T}.untitled`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="search" label={translate(`${T}.learner`)} value={learner} onChange={(e) => setLearner(e.target.value)} />
        <Button type="submit" variant="outlined">
          {translate(`${T}.search`)}
        </Button>
      </Stack>
      <TableCard
        title={translate(`${T}.queue`)}
        failure={failed ? <LoadFailed text={translate(`${T}.loadError`)} onRetry={reload} /> : undefined}
        rows={items ?? undefined}
        loadingLabel={translate(`${T}.loading`)}
        empty={translate(`${T}.empty`)}
        columns={['learner', 'assignment', 'submitted', 'status', 'actions'].map((c) => translate(`${T}.columns.${c}`))}
        rowKey={rowId}
        scrollLabel={translate(`${T}.queue`)}
        cells={(i) => (
          <>
            <TableCell>{i.learner.name || i.learner.email}</TableCell>
            <TableCell>{title(i.block)}</TableCell>
            <TableCell>
              {dates.dateTime(i.submittedAt)} {i.late && <Chip size="small" color="warning" label={translate(`${T}.late`)} />}
            </TableCell>
            <TableCell>
              {translate(`${T}.statuses.${i.status}`)}
              {i.score !== null && ` · ${i.score} %`}
            </TableCell>
            <TableCell>
              <Button
                size="small"
                variant="outlined"
                onClick={() => setOpen(i.id)}
                aria-label={translate(`${T}.openFor`, { name: i.learner.name || i.learner.email })}
              >
                {translate(`${T}.open`)}
              </Button>
            </TableCell>
          </>
        )}
        footer={
          hasMore ? (
            <Button sx={{ mt: 2 }} onClick={() => void more()}>
              {translate(`${T}.more`)}
            </Button>
          ) : undefined
        }
      />
      {open && (
        <GradeDialog
          id={open}
          onClose={(changed) => {
            setOpen(null)
            if (changed) reload()
          }}
        />
      )}
    </Box>
  )
}
