import AttachFileIcon from '@mui/icons-material/AttachFile'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import OpenInNewIcon from '@mui/icons-material/OpenInNew'
import { Box, Link, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material'
import { use, type ReactNode } from 'react'
import { useLocaleState, useTranslate } from 'react-admin'
import { dateLocale } from '../../ui/formatDateTime'
import { nestHeadings, sanitizeHtml } from '../../ui/sanitizeHtml'
import { fileName, fileUrl, formatSize, isWebUrl } from './fileUrl'
import type { AssignmentValues, ScormPackage } from '../../../contracts/courses/content'
import { maxPointsOf } from '../../../contracts/learner/assignments'
import { useCourseBanks } from '../banks/useCourseBanks'
import { CourseContext } from '../common/CourseContext'
import { isChoice } from './formRules'
import type { BlockKind, BlockValues, FormQuestion, FormValues } from './model'

const T = 'aula.builder.contentEditor'

/**
 * A block as a reader sees it, for every kind: the review view, the history previews and the
 * collapsed blocks of the editor. Text is sanitised here, whatever the server did; files and pages
 * from elsewhere only play in a player or a sandboxed frame.
 */
export function BlockView({
  kind,
  values,
  urls,
  headingLevel = 3,
  compact = false,
}: {
  kind: BlockKind
  values: BlockValues
  urls?: Record<string, string>
  headingLevel?: number
  compact?: boolean
}) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const url = fileUrl(values, urls)
  const empty = <Typography color="text.secondary">{translate(`${T}.block.empty`)}</Typography>
  switch (kind) {
    case 'text':
      return values.html ? (
        <Box
          className="aula-block-text"
          sx={{ '& :first-of-type': { mt: 0 }, overflowWrap: 'anywhere' }}
          dangerouslySetInnerHTML={{ __html: nestHeadings(sanitizeHtml(values.html), headingLevel - 1) }}
        />
      ) : (
        empty
      )
    case 'image':
      return url ? (
        <Box component="img" src={url} alt={values.alt ?? ''} sx={{ maxWidth: '100%', maxHeight: compact ? 160 : 480, display: 'block', borderRadius: 1 }} />
      ) : (
        empty
      )
    case 'attachment':
      return url ? (
        <Link href={url} download={fileName(values)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}>
          <AttachFileIcon fontSize="small" aria-hidden />
          {translate(`${T}.preview.download`, { name: fileName(values) })}
          {typeof values.size === 'number' ? ` (${formatSize(values.size, dateLocale(locale))})` : ''}
        </Link>
      ) : (
        empty
      )
    case 'link':
      return values.url && isWebUrl(values.url) ? (
        <Link
          href={values.url}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}
        >
          {values.title || values.url}
          <OpenInNewIcon fontSize="small" aria-hidden />
        </Link>
      ) : (
        empty
      )
    case 'video':
      return url ? (
        <Box
          component="video"
          controls
          preload="metadata"
          src={url}
          aria-label={values.title || translate(`${T}.preview.video`)}
          sx={{ width: '100%', maxHeight: compact ? 200 : 480, bgcolor: 'common.black', borderRadius: 1 }}
        />
      ) : (
        empty
      )
    case 'simulation':
      return <SimulationFrame values={values} urls={urls} compact={compact} />
    case 'form':
      return <FormView values={values} compact={compact} />
    case 'scorm':
      return <ScormView values={values} compact={compact} />
    case 'assignment':
      return <AssignmentView values={values} headingLevel={headingLevel} compact={compact} />
  }
}

/** An assignment as reviewers read it: its instructions (unless compact) and how it is handed in and graded. */
function AssignmentView({ values, headingLevel, compact }: { values: BlockValues; headingLevel: number; compact: boolean }) {
  const translate = useTranslate()
  const v = values as BlockValues & Partial<AssignmentValues>
  const summary = translate(`${T}.assignment.summary`, {
    grading: translate(`${T}.assignment.gradings.${v.grading ?? 'rubric'}`),
    smart_count: maxPointsOf(v),
    pass: v.passMark ?? 50,
  })
  return (
    <Stack spacing={1}>
      {!compact && v.instructions && (
        <Box sx={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: nestHeadings(sanitizeHtml(v.instructions), headingLevel - 1) }} />
      )}
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Stack>
  )
}

/** A SCORM package as the server read it: its title, version and parts (they play in the player only). */
function ScormView({ values, compact }: { values: BlockValues; compact: boolean }) {
  const translate = useTranslate()
  const pkg = values.package as ScormPackage | undefined
  if (!values.path) return <Typography color="text.secondary">{translate(`${T}.block.empty`)}</Typography>
  if (!pkg) return <Typography color="text.secondary">{translate(`${T}.preview.scormPending`)}</Typography>
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {pkg.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.preview.scorm`, { version: pkg.edition ? `${pkg.version} ${pkg.edition}` : pkg.version, smart_count: pkg.scos.length })}
      </Typography>
      {pkg.scos.length > 1 || !compact ? (
        <Box component="ol" sx={{ pl: 3, m: 0 }}>
          {pkg.scos.map((sco) => (
            <li key={sco.id}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {sco.title}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
    </Stack>
  )
}

/** A simulation runs in a frame with scripts but without our origin: it can never reach the session. */
export function SimulationFrame({ values, urls, compact }: { values: BlockValues; urls?: Record<string, string>; compact?: boolean }) {
  const translate = useTranslate()
  const url = fileUrl(values, urls, 'entry')
  if (!url) return <Typography color="text.secondary">{translate(`${T}.block.empty`)}</Typography>
  // A package plays from the page the server extracted from it, not from the zip itself.
  if (values.path && /\.zip$/i.test(values.path) && !urls?.entry)
    return <Typography color="text.secondary">{translate(`${T}.preview.simulationPackage`)}</Typography>
  if (!values.path && !isWebUrl(url)) return <Typography color="text.secondary">{translate(`${T}.block.empty`)}</Typography>
  return (
    <Box
      component="iframe"
      src={url}
      title={values.title || translate(`${T}.preview.simulation`)}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      loading="lazy"
      sx={{ width: '100%', height: compact ? 220 : 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    />
  )
}

function FormView({ values, compact }: { values: BlockValues; compact: boolean }) {
  const translate = useTranslate()
  const questions: FormQuestion[] = values.questions ?? []
  const form = values as Partial<FormValues>
  const settings = [
    translate(`${T}.form.settings`, { tries: values.tries ?? 1, score: values.requiredScore ?? 0 }),
    form.timeLimitMinutes ? translate(`${T}.form.timedSetting`, { smart_count: form.timeLimitMinutes }) : null,
    form.shuffleQuestions ? translate(`${T}.form.shuffleQuestions`) : null,
    form.shuffleOptions ? translate(`${T}.form.shuffleOptions`) : null,
    form.weight !== undefined && form.weight !== 1 ? translate(`${T}.form.weightSetting`, { weight: form.weight }) : null,
  ].filter(Boolean)
  return (
    <Stack spacing={1}>
      {/* The block's heading already names it: the form's own name is a line of text, not a second heading. */}
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {values.name || translate(`${T}.block.untitled`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.form.summary`, { smart_count: questions.length })} · {settings.join(' · ')}
      </Typography>
      {(form.draws ?? []).length > 0 && <DrawList draws={form.draws!} />}
      {!compact && (
        <Box component="ol" sx={{ pl: 3, m: 0 }}>
          {questions.map((q) => (
            <li key={q.id}>
              <QuestionView question={q} />
            </li>
          ))}
        </Box>
      )}
    </Stack>
  )
}

function DrawList({ draws }: { draws: NonNullable<FormValues['draws']> }) {
  const translate = useTranslate()
  const builder = use(CourseContext)
  const banks = useCourseBanks(builder?.course.uuid)
  return (
    <Box component="ul" sx={{ pl: 3, m: 0 }}>
      {draws.map((d, i) => (
        <li key={i}>
          <Typography variant="body2">
            {translate(`${T}.form.drawSetting`, {
              smart_count: d.count,
              bank: banks?.find((b) => b.id === d.bank)?.name || translate('aula.builder.banks.untitled'),
            })}
          </Typography>
        </li>
      ))}
    </Box>
  )
}

/** One question read-only, with what makes it right (the review view is for those who build and check the course). */
export function QuestionView({ question: q }: { question: FormQuestion }) {
  const translate = useTranslate()
  const line = (key: string, children: ReactNode) => (
    <ListItem key={key} disableGutters sx={{ py: 0 }}>
      <ListItemText primary={children} />
    </ListItem>
  )
  return (
    <>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {q.text}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({translate(`${T}.form.types.${q.type}`)})
        </Typography>
      </Typography>
      <List dense disablePadding>
        {isChoice(q) &&
          q.options.map((o) => (
            <ListItem key={o.id} disableGutters sx={{ py: 0 }}>
              <ListItemIcon sx={{ minWidth: 28 }}>{o.correct ? <CheckCircleIcon fontSize="small" color="success" aria-hidden /> : null}</ListItemIcon>
              <ListItemText
                primary={q.type === 'boolean' ? translate(`${T}.form.${o.text === 'false' ? 'false' : 'true'}`) : o.text}
                secondary={o.correct ? translate(`${T}.form.correctAnswer`) : undefined}
              />
            </ListItem>
          ))}
        {q.type === 'short' && [
          ...(q.accepted ?? []).map((a, i) => line(`a${i}`, `${translate(`${T}.form.acceptedAnswer`, { n: i + 1 })}: ${a}`)),
          line(
            'rules',
            [q.caseSensitive ? translate(`${T}.form.caseSensitive`) : null, q.foldAccents !== false ? translate(`${T}.form.foldAccents`) : null]
              .filter(Boolean)
              .join(' · '),
          ),
        ]}
        {q.type === 'numeric' && line('n', translate(`${T}.form.numericView`, { answer: q.answer ?? '—', tolerance: q.tolerance ?? 0 }))}
        {q.type === 'matching' && (q.pairs ?? []).map((p) => line(p.id, `${p.left} → ${p.right}`))}
        {q.type === 'ordering' && (q.items ?? []).map((item, i) => line(item.id, `${i + 1}. ${item.text}`))}
        {q.type === 'essay' && line('p', translate(`${T}.form.essayView`, { points: q.maxPoints }))}
      </List>
    </>
  )
}
