import CheckCircle from '@mui/icons-material/CheckCircle'
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined'
import PublishOutlined from '@mui/icons-material/PublishOutlined'
import RuleOutlined from '@mui/icons-material/RuleOutlined'
import { Alert, Box, Button, CircularProgress, Link as MuiLink, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslate, useDataProvider } from 'react-admin'
import { Link } from 'react-router-dom'
import type { ValidationItem } from '../../../contracts/courses/content'
import { useDateFormat } from '../../ui/formatDateTime'
import { useBuilderCourse } from '../common/CourseContext'
import { TabIntro } from '../common/TabIntro'
import type { BuilderTab } from '../page/tabs'
import type { AppDataProvider } from '../../dataProvider'

/** The tab where each checklist item is fixed. */
export const FIX_TAB: Record<string, BuilderTab> = {
  name: 'general',
  briefDescription: 'general',
  description: 'general',
  duration: 'general',
  difficulty: 'general',
  category: 'general',
  cover: 'media',
  certificateTemplate: 'media',
  content: 'content',
  blocks: 'content',
  forms: 'content',
  plan: 'plans',
  weights: 'gradebook',
}

type Step =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'validating' }
  | { kind: 'validated'; ok: boolean; items: ValidationItem[] }
  | { kind: 'validateError'; error: unknown }
  | { kind: 'publishing'; items: ValidationItem[] }
  | { kind: 'published'; version: number; publishedAt: string }
  | { kind: 'publishError'; error: unknown; items: ValidationItem[] }

const errorText = (error: unknown) => {
  const body = (error as { body?: { message?: unknown } } | null)?.body
  return typeof body?.message === 'string' ? body.message : error instanceof Error ? error.message : ''
}

/**
 * The publish tab (requirements §4): Validate (Validating → Validation completed | Error validating) shows the
 * checklist, each missing item with a link to the tab that fixes it; Publish (Publishing → Publishing
 * completed | Error publishing) once every item passes. Pending edits are saved first, since the
 * server validates and freezes what is saved.
 */
export function PublishTab() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const { date } = useDateFormat()
  const { course, saver, canPublish, base } = useBuilderCourse()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [published, setPublished] = useState({ version: course.publishedVersion, at: course.publishedAt })

  const validate = async () => {
    if (saver.hasPending) {
      setStep({ kind: 'saving' })
      saver.flush()
      await saver.whenIdle()
    }
    setStep({ kind: 'validating' })
    try {
      const result = await dataProvider.validateCourse(course.uuid)
      setStep({ kind: 'validated', ok: result.ok && result.items.every((i) => i.ok), items: result.items })
    } catch (error) {
      setStep({ kind: 'validateError', error })
    }
  }

  const publish = async (items: ValidationItem[]) => {
    setStep({ kind: 'publishing', items })
    try {
      const result = await dataProvider.publishCourse(course.uuid)
      setPublished({ version: result.version, at: result.publishedAt })
      setStep({ kind: 'published', version: result.version, publishedAt: result.publishedAt })
    } catch (error) {
      // A 409 names the items that fail now: the checklist shows them.
      const failing = (error as { body?: { items?: unknown } } | null)?.body?.items
      setStep({ kind: 'publishError', error, items: Array.isArray(failing) ? (failing as ValidationItem[]) : items })
    }
  }

  const items = step.kind === 'validated' || step.kind === 'publishing' || step.kind === 'publishError' ? step.items : []
  const failing = items.filter((i) => !i.ok)
  const busy = step.kind === 'saving' || step.kind === 'validating' || step.kind === 'publishing'
  const label = (item: ValidationItem) => {
    const key = `aula.builder.publish.items.${item.key}`
    const text = translate(key, { _: '' })
    return text && text !== key ? text : (item.message ?? item.key)
  }
  /**
   * What a failing item misses, in the reader's language: the blocks' and forms' problems the server
   * names as codes (the first three, then how many more), else what the item asks for.
   */
  const detail = (item: ValidationItem) => {
    const problems = item.problems ?? []
    if (problems.length === 0) return translate(`aula.builder.publish.details.${item.key}`)
    const told = problems.slice(0, 3).map((p) =>
      translate('aula.builder.publish.problem', {
        block: p.blockLabel,
        section: p.sectionLabel,
        problem: translate(`aula.builder.publish.problems.${p.problem}`, {
          // A question of a bank the form draws from is named with its bank.
          question:
            p.question !== undefined && p.bankName ? translate('aula.builder.publish.bankQuestion', { question: p.question, bank: p.bankName }) : p.question,
          correct: p.correct,
          bank: p.bankName ?? translate('aula.builder.banks.untitled'),
          available: p.available,
        }),
      }),
    )
    if (problems.length > 3) told.push(translate('aula.builder.publish.more', { count: problems.length - 3 }))
    return told.join(' ')
  }

  return (
    <Box>
      <TabIntro title="aula.builder.publish.title" intro="aula.builder.publish.intro" />
      <Typography variant="body2" sx={{ mb: 2 }}>
        {published.version && published.at
          ? translate('aula.builder.publish.version', { version: published.version, date: date(published.at) })
          : translate('aula.builder.publish.never')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" startIcon={<RuleOutlined />} onClick={() => void validate()} disabled={busy}>
          {translate('aula.builder.publish.validate')}
        </Button>
        {canPublish && (
          <Button
            variant="contained"
            startIcon={<PublishOutlined />}
            onClick={() => void publish(items)}
            disabled={busy || !(step.kind === 'validated' && step.ok)}
          >
            {translate('aula.builder.publish.publish')}
          </Button>
        )}
      </Box>
      <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
        {step.kind === 'saving' && <Progress text={translate('aula.builder.publish.saveFirst')} />}
        {step.kind === 'validating' && <Progress text={translate('aula.builder.publish.validating')} />}
        {step.kind === 'publishing' && <Progress text={translate('aula.builder.publish.publishing')} />}
        {step.kind === 'validated' && (
          <Alert severity={step.ok ? 'success' : 'warning'}>
            <strong>{translate('aula.builder.publish.validated')}</strong>
            {' — '}
            {step.ok ? translate('aula.builder.publish.allPassed') : translate('aula.builder.publish.someFailed', { smart_count: failing.length })}
            {saver.hasPending ? ` ${translate('aula.builder.publish.unsaved')}` : ''}
          </Alert>
        )}
        {step.kind === 'validateError' && (
          <Alert severity="error">
            <strong>{translate('aula.builder.publish.validateError')}</strong>
            {errorText(step.error) ? ` — ${errorText(step.error)}` : ''}
          </Alert>
        )}
        {step.kind === 'published' && (
          <Alert severity="success">
            <strong>{translate('aula.builder.publish.published')}</strong>
            {' — '}
            {translate('aula.builder.publish.version', { version: step.version, date: date(step.publishedAt) })}
          </Alert>
        )}
        {step.kind === 'publishError' && (
          <Alert severity="error">
            <strong>{translate('aula.builder.publish.publishError')}</strong>
            {errorText(step.error) ? ` — ${errorText(step.error)}` : ''}
          </Alert>
        )}
      </Box>
      {items.length > 0 && (
        <Box component="section" aria-labelledby="publish-checklist">
          <Typography id="publish-checklist" variant="h6" component="h3">
            {translate('aula.builder.publish.checklist')}
          </Typography>
          <List dense>
            {items.map((item) => (
              <ListItem key={item.key} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                  {item.ok ? <CheckCircle color="success" aria-hidden="true" /> : <ErrorOutlineOutlined color="error" aria-hidden="true" />}
                </ListItemIcon>
                <ListItemText
                  primary={`${label(item)} — ${translate(item.ok ? 'aula.builder.publish.passed' : 'aula.builder.publish.failed')}`}
                  secondary={
                    item.ok ? undefined : (
                      <>
                        <span>{detail(item)} </span>
                        {FIX_TAB[item.key] && (
                          <MuiLink component={Link} to={`${base}/${FIX_TAB[item.key]}`}>
                            {translate('aula.builder.publish.fix', { tab: translate(`aula.builder.tabs.${FIX_TAB[item.key]}`) })}
                          </MuiLink>
                        )}
                      </>
                    )
                  }
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Box>
  )
}

function Progress({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CircularProgress size={18} aria-hidden="true" />
      <Typography variant="body2">{text}</Typography>
    </Box>
  )
}
