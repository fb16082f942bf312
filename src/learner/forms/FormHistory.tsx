import { Box, Chip, Stack, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { useDataProvider, useLocaleState } from 'react-admin'
import type { AppDataProvider } from '../../dataProvider'
import { formatDateTime } from '../../ui/formatDateTime'
import type { PlayerTranslate } from '../player/texts'
import type { SummaryAttempt } from './attemptTypes'

/**
 * The learner's attempts at a form (`forms/summary`), newest first: each one's score, or "Waiting for a
 * grade" while a person has essays of it to grade; graded essays with their points and the grader's
 * feedback. Shown only once there is an attempt.
 */
export function FormHistory({ t, course, id, round }: { t: PlayerTranslate; course: string; id: string; round: number }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const [attempts, setAttempts] = useState<SummaryAttempt[] | null>(null)
  const [locale] = useLocaleState()
  useEffect(() => {
    if (round === 0) return
    let live = true
    dataProvider.getFormSummary(course, id).then(
      (s) => live && setAttempts(s.attempts),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [dataProvider, course, id, round])
  if (!attempts?.length) return null
  return (
    <Box component="section" aria-labelledby={`history-${id}`}>
      <Typography id={`history-${id}`} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('form.history')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {[...attempts].reverse().map((a, i) => (
          <Box component="li" key={a.id ?? `${a.submittedAt}-${i}`} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {t('form.attemptN', { n: attempts.length - i })}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {a.submittedAt ? formatDateTime(a.submittedAt, locale) : ''}
              </Typography>
              {a.status === 'pending' ? (
                <Chip size="small" label={t('form.waitingGrade')} />
              ) : (
                <Chip size="small" color={a.passed ? 'success' : 'default'} label={`${a.score} % · ${a.passed ? t('form.passed') : t('form.failed')}`} />
              )}
            </Box>
            {a.essays.map((e) => (
              <Box key={e.question} sx={{ mt: 1, pl: 1, borderLeft: 3, borderColor: 'divider' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {e.text}
                </Typography>
                <Typography variant="body2">
                  {e.points === null ? t('form.waitingGrade') : t('form.essayPoints', { points: e.points, max: e.maxPoints })}
                </Typography>
                {e.feedback && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <strong>{t('form.feedback')}</strong> {e.feedback}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  )
}
