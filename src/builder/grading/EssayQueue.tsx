import { Box, Button, TableCell, Typography, useMediaQuery, type Theme } from '@mui/material'
import { useCallback, useState } from 'react'
import { useDataProvider, useTranslate } from 'react-admin'
import type { EssayItem } from '../../../contracts/courses/essays'
import type { AppDataProvider } from '../../dataProvider'
import { useDateFormat } from '../../ui/formatDateTime'
import { TableCard } from '../../ui/TableCard'
import { useTokenPages } from '../../ui/useTokenPages'
import { useBuilderCourse } from '../common/CourseContext'
import { LoadFailed } from '../content/LoadStates'
import { EssayGradeDialog } from './EssayGradeDialog'

const T = 'aula.builder.grading.essays'

/** An essay's key in the queue: one answer of one attempt. */
const keyOf = (e: EssayItem) => `${e.attempt}/${e.question}`

/**
 * The essays of submitted form attempts that wait for a grade, oldest first, paged by token ("Show
 * more"); a row opens the essay to grade. A grade (or a 409: someone graded it first) reloads the list.
 * On a phone a row keeps the learner, the question (two lines at most) and the button, so that the
 * button is on screen without scrolling the table sideways; the dialog shows the form and the date.
 */
export function EssayQueue() {
  const translate = useTranslate()
  const dataProvider = useDataProvider<AppDataProvider>()
  const dates = useDateFormat()
  const { course } = useBuilderCourse()
  const [open, setOpen] = useState<EssayItem | null>(null)
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true })
  const query = useCallback(
    (after: string | null) => dataProvider.getEssayQueue(course.uuid, { status: 'pending', paginationToken: after ?? undefined }),
    [dataProvider, course.uuid],
  )
  const { items, page, hasMore, failed, more, reload } = useTokenPages(query, keyOf)
  const estimated = page?.estimated ?? 0

  const nameOf = (e: EssayItem) => e.learner.name || e.learner.email || translate(`${T}.unknownLearner`)
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.intro`)}
      </Typography>
      <TableCard
        title={items && estimated > 0 ? translate(`${T}.queueCount`, { smart_count: estimated }) : translate(`${T}.queue`)}
        failure={failed ? <LoadFailed text={translate(`${T}.loadError`)} onRetry={reload} /> : undefined}
        rows={items ?? undefined}
        loadingLabel={translate(`${T}.loading`)}
        empty={translate(`${T}.empty`)}
        columns={(phone ? ['learner', 'question', 'actions'] : ['learner', 'form', 'question', 'submitted', 'actions']).map((c) =>
          translate(`${T}.columns.${c}`),
        )}
        rowKey={keyOf}
        scrollLabel={translate(`${T}.queue`)}
        cells={(e) => (
          <>
            <TableCell>{nameOf(e)}</TableCell>
            {!phone && <TableCell>{e.form.name || translate(`${T}.untitledForm`)}</TableCell>}
            <TableCell sx={{ maxWidth: 320 }}>
              <Typography
                variant="body2"
                noWrap={!phone}
                title={e.prompt}
                sx={
                  phone ? { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' } : undefined
                }
              >
                {e.prompt}
              </Typography>
            </TableCell>
            {!phone && <TableCell>{dates.dateTime(e.submittedAt)}</TableCell>}
            <TableCell>
              <Button size="small" variant="outlined" onClick={() => setOpen(e)} aria-label={translate(`${T}.openFor`, { name: nameOf(e) })}>
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
        <EssayGradeDialog
          course={course.uuid}
          essay={open}
          learner={nameOf(open)}
          onStale={reload}
          onClose={(changed) => {
            setOpen(null)
            if (changed) reload()
          }}
        />
      )}
    </Box>
  )
}
