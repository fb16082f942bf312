import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined'
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined'
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material'
import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react'
import { useLocale, useNotify, useTranslate, useDataProvider } from 'react-admin'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import type { CourseOverview, CoursePlansResponse, LearnerPlan } from '../../../contracts/learner/catalogue'
import { screenGroups } from '../../../contracts/screens'
import { subscriptionState } from '../../../contracts/subscriptions'
import { ApiError } from '../../dataProvider/http'
import { GroupGate } from '../../layout/access/GroupGate'
import { useTitleName } from '../../layout/DocumentTitle'
import { ErrorDisplay } from '../../ui/ErrorDisplay'
import { LoadFailure } from '../../ui/LoadFailure'
import { useDateFormat } from '../../ui/formatDateTime'
import { sanitizeHtml } from '../../ui/sanitizeHtml'
import { useLoad } from '../../ui/useLoad'
import { useRetryFocus } from '../../ui/useRetryFocus'
import { useSupportEmail } from '../../ui/useSupportEmail'
import { playerPath } from '../player/paths'
import type { AppDataProvider } from '../../dataProvider'
import { BuyButton, CheckoutReturn, HowToBuy, usePaymentReturn } from './Checkout'

const T = 'aula.learner.overview'
/** A 402 answer: the plan is sold, and payments do not exist yet. */
const FOR_SALE = Symbol('for sale')
/** Focus the way into the course once the plans are drawn again. */
const WAY_IN = 'way-in'

/**
 * Whether a failed overview means the course is not there: 404 for a course never published (or no longer),
 * 400 for an address whose id is no course id at all. Asking again would not change either.
 */
export function courseMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

/** /galaxy/courses/overview/:uuid (general group): what a course offers, its plans and the way in. */
export function OverviewPage() {
  return (
    <GroupGate groups={screenGroups('/galaxy') ?? ['general']}>
      <Overview />
    </GroupGate>
  )
}

function Overview() {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const { uuid = '' } = useParams()
  const course = useLoad(() => dataProvider.getCourseOverview(uuid), uuid)
  const faq = useLoad(() => dataProvider.getCourseFaq(uuid), uuid)
  const collaborators = useLoad(() => dataProvider.getCourseCollaborators(uuid), uuid)
  // The tab names the course once it is known (decision 0001).
  useTitleName(course.data?.name)
  const { retry, retryRef, contentRef } = useRetryFocus(course)

  if (course.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />
  if (course.error || !course.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {courseMissing(course.error) ? (
          <Alert severity="warning">{translate(`${T}.notFound`)}</Alert>
        ) : (
          <LoadFailure
            error={course.error}
            retryRef={retryRef}
            onRetry={() => {
              // The FAQ and the people failed with it: they come back with the course.
              faq.reload()
              collaborators.reload()
              retry()
            }}
          />
        )}
        <Button component={Link} to="/galaxy">
          {translate(`${T}.back`)}
        </Button>
      </Stack>
    )
  }
  const c = course.data
  return (
    <Box component="article" aria-labelledby="course-title" sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Button component={Link} to="/galaxy" size="small" sx={{ mb: 1 }}>
        {translate(`${T}.back`)}
      </Button>
      {/* Read in this order (on a phone too): the course, its plans and the way in, then the details. */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 }, minWidth: 0 }}>
          <Header course={c} titleRef={contentRef} />
        </Box>
        <Stack spacing={3} sx={{ gridColumn: { md: 2 }, gridRow: { md: '1 / span 2' }, minWidth: 0 }}>
          <Plans course={c} />
          {collaborators.data && collaborators.data.length > 0 && (
            <Section title={translate(`${T}.collaborators`)}>
              <List dense disablePadding>
                {collaborators.data.map((person) => (
                  <ListItem key={person.username} disableGutters>
                    <ListItemText primary={person.name || person.username} />
                  </ListItem>
                ))}
              </List>
            </Section>
          )}
          {collaborators.error ? <ErrorDisplay error={collaborators.error} /> : null}
        </Stack>
        <Stack spacing={3} sx={{ gridColumn: { md: 1 }, gridRow: { md: 2 }, minWidth: 0 }}>
          {c.presentation && (
            <Section title={translate(`${T}.presentation`)}>
              <Box
                component="video"
                controls
                preload="metadata"
                src={c.presentation}
                aria-label={translate(`${T}.presentation`)}
                sx={{ width: '100%', borderRadius: 1, bgcolor: 'common.black' }}
              />
            </Section>
          )}
          <RichSection title={translate(`${T}.description`)} value={c.description} />
          <RichSection title={translate(`${T}.requirements`)} value={c.requirements} />
          <RichSection title={translate(`${T}.certificate`)} value={c.certificateDetails} />
          {c.outline.length > 0 && (
            <Section title={translate(`${T}.outline`)}>
              <Box component="ol" sx={{ m: 0, pl: 3 }}>
                {c.outline.map((section) => (
                  <li key={section.id}>
                    <Typography sx={{ fontWeight: 600 }}>{section.title}</Typography>
                    {section.blocks.length > 0 && (
                      <Box component="ul" sx={{ mt: 0.5, mb: 1, pl: 2, color: 'text.secondary' }}>
                        {section.blocks.map((block) => (
                          <li key={block.id}>{block.title}</li>
                        ))}
                      </Box>
                    )}
                  </li>
                ))}
              </Box>
            </Section>
          )}
          {faq.data && faq.data.length > 0 && (
            <Section title={translate(`${T}.faq`)}>
              {faq.data.map((item) => (
                <Accordion key={item.id} disableGutters>
                  <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
                    <Typography>{item.question}</Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Typography sx={{ whiteSpace: 'pre-line' }}>{item.answer}</Typography>
                  </AccordionDetails>
                </Accordion>
              ))}
            </Section>
          )}
          {faq.error ? <ErrorDisplay error={faq.error} /> : null}
        </Stack>
      </Box>
    </Box>
  )
}

function Header({ course: c, titleRef }: { course: CourseOverview; titleRef?: Ref<HTMLHeadingElement> }) {
  const translate = useTranslate()
  const [broken, setBroken] = useState(false)
  const facts: [string, string][] = []
  if (c.durationHours !== null) facts.push([translate(`${T}.duration`), translate('aula.learner.catalogue.hours', { smart_count: c.durationHours })])
  if (c.difficulty) facts.push([translate(`${T}.difficulty`), c.difficulty.name])
  if (c.category) facts.push([translate(`${T}.category`), c.category.name])
  if (c.organization) facts.push([translate(`${T}.organization`), c.organization.name])
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      {c.cover && !broken && (
        <Box
          component="img"
          src={c.cover}
          alt=""
          onError={() => setBroken(true)}
          sx={{ display: 'block', width: '100%', maxHeight: 320, objectFit: 'cover' }}
        />
      )}
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography ref={titleRef} tabIndex={-1} id="course-title" variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', outline: 'none' }}>
          {c.name}
        </Typography>
        {c.briefDescription && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {c.briefDescription}
          </Typography>
        )}
        {facts.length > 0 && (
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, mb: 0 }}>
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline' }}>
                <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
                  {label}:
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  <Chip size="small" label={value} />
                </Box>
              </Box>
            ))}
          </Box>
        )}
        {c.tags.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
            {c.tags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" label={tag} />
            ))}
          </Stack>
        )}
      </Box>
    </Paper>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

/** A text the creator wrote: rich text (sanitised) when it holds markup, otherwise its own line breaks. */
function RichSection({ title, value }: { title: string; value: string }) {
  if (!value.trim()) return null
  return (
    <Section title={title}>
      {/<[a-z][\s\S]*>/i.test(value) ? (
        <Box sx={{ '& p': { mt: 0 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />
      ) : (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{value}</Typography>
      )}
    </Section>
  )
}

/**
 * The plans and the caller's subscription: subscribe to a free plan or buy a priced one (when online
 * payment is on; otherwise whom to ask), then the way into the player.
 */
function Plans({ course }: { course: CourseOverview }) {
  const dataProvider = useDataProvider<AppDataProvider>()
  const translate = useTranslate()
  const notify = useNotify()
  const locale = useLocale()
  const dates = useDateFormat()
  const [round, setRound] = useState(0)
  // The plan chosen on the public site (`?plan=`, after registering from its Subscribe link) stands out.
  const [query] = useSearchParams()
  const chosen = query.get('plan')
  const plans = useLoad<CoursePlansResponse>(() => dataProvider.getCoursePlans(course.uuid), `${course.uuid}#${round}`)
  const reload = useCallback(() => setRound((r) => r + 1), [])
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  // The plans as last answered: the card stays while they reload after subscribing, so the keyboard
  // focus has somewhere to go (the way into the course) rather than dropping to the page.
  const [shown, setShown] = useState<CoursePlansResponse | undefined>(undefined)
  if (plans.data && plans.data !== shown) setShown(plans.data)
  const data = plans.data ?? shown
  // Where the focus goes once the answer is drawn: the way in (after subscribing), or back to a plan's button.
  const focusAfter = useRef<string | null>(null)
  const startRef = useRef<HTMLAnchorElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const planButtons = useRef(new Map<string, HTMLButtonElement>())
  useEffect(() => {
    const target = focusAfter.current
    if (!target || plans.isPending || busy) return
    focusAfter.current = null
    if (target === WAY_IN) (startRef.current ?? headingRef.current)?.focus()
    else planButtons.current.get(target)?.focus()
  })

  const take = async (plan: LearnerPlan) => {
    setBusy(plan.id)
    setError(null)
    try {
      await dataProvider.subscribe(course.uuid, plan.id)
      notify(`${T}.subscribed`, { type: 'success' })
      focusAfter.current = WAY_IN
      setRound((r) => r + 1)
    } catch (err) {
      // 409: an active subscription exists already (another tab, an administrator): show it. 403: an
      // administrator revoked access meanwhile: show why.
      if (err instanceof ApiError && (err.status === 409 || err.status === 403)) {
        focusAfter.current = WAY_IN
        setRound((r) => r + 1)
      } else {
        focusAfter.current = plan.id
        setError(err instanceof ApiError && err.status === 402 ? FOR_SALE : err)
      }
    } finally {
      setBusy(null)
    }
  }

  // Back from the payment page: asks again until the subscription bought shows (hooks before any early
  // return), and offers no other plan meanwhile.
  const held = data?.subscription
  const payment = usePaymentReturn(held ? subscriptionState(held.createdAt, held.plan.durationDays, held.revokedAt).status === 'active' : false, reload)

  if (!data && !plans.error) return <LinearProgress aria-label={translate('ra.page.loading')} />
  if (!data) return <ErrorDisplay error={plans.error} />
  const sub = data.subscription
  // The status follows this browser's clock with the rule the server applies.
  const state = sub ? subscriptionState(sub.createdAt, sub.plan.durationDays, sub.revokedAt) : null
  const active = state?.status === 'active'
  const blocked = data.blocked && !active
  // A plan with a price the learner can see: bought online when checkout is on, else through the centre.
  const sold = (plan: LearnerPlan) => !plan.free && course.salesEnabled && plan.price !== null
  const price = (plan: LearnerPlan) =>
    plan.price === null ? '' : new Intl.NumberFormat(locale, plan.currency ? { style: 'currency', currency: plan.currency } : {}).format(plan.price)
  return (
    <Card variant="outlined" component="section" aria-labelledby="plans-title">
      <CardContent>
        <Typography ref={headingRef} tabIndex={-1} id="plans-title" variant="h6" component="h2" sx={{ mb: 1, outline: 'none' }}>
          {translate(`${T}.plans`)}
        </Typography>
        {plans.isPending && <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mb: 2 }} />}
        {plans.error ? (
          <Box sx={{ mb: 2 }}>
            <ErrorDisplay error={plans.error} />
          </Box>
        ) : null}
        {blocked ? (
          <RevokedByAdministrator />
        ) : (
          state && (
            <Alert severity={active ? 'success' : 'warning'} sx={{ mb: 2 }} role="status">
              {active
                ? translate(`${T}.active`, { smart_count: state.remainingDays })
                : state.status === 'expired'
                  ? translate(`${T}.expired`, { date: dates.dateTime(state.expiresAt) })
                  : translate(`${T}.revoked`)}
            </Alert>
          )
        )}
        <CheckoutReturn state={payment} />
        {active && (
          <Button ref={startRef} component={Link} to={playerPath(course.uuid)} variant="contained" fullWidth startIcon={<PlayCircleOutlined />} sx={{ mb: 2 }}>
            {translate(`${T}.start`)}
          </Button>
        )}
        {error ? (
          <Box sx={{ mb: 2 }}>{error === FOR_SALE ? <Alert severity="info">{translate(`${T}.forSale`)}</Alert> : <ErrorDisplay error={error} />}</Box>
        ) : null}
        {data.plans.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.noPlans`)}</Typography>
        ) : (
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.plans.map((plan) => (
              <Box
                component="li"
                key={plan.id}
                aria-current={plan.id === chosen ? 'true' : undefined}
                sx={{ border: plan.id === chosen ? 2 : 1, borderColor: plan.id === chosen ? 'primary.main' : 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`${T}.days`, { smart_count: plan.durationDays })}
                  {' · '}
                  {plan.free ? translate(`${T}.free`) : course.salesEnabled && plan.price !== null ? price(plan) : translate(`${T}.forSale`)}
                </Typography>
                {plan.free && !active && !blocked && !payment.waiting && (
                  <Button
                    ref={(button: HTMLButtonElement | null) => {
                      if (button) planButtons.current.set(plan.id, button)
                      else planButtons.current.delete(plan.id)
                    }}
                    variant="contained"
                    size="small"
                    sx={{ mt: 1 }}
                    disabled={busy !== null}
                    onClick={() => void take(plan)}
                    aria-label={`${translate(`${T}.subscribe`)}: ${plan.name}`}
                  >
                    {busy === plan.id ? translate(`${T}.subscribing`) : translate(`${T}.subscribe`)}
                  </Button>
                )}
                {sold(plan) && course.checkoutEnabled && !active && !blocked && !payment.waiting && (
                  <BuyButton
                    course={course.uuid}
                    plan={plan}
                    disabled={busy !== null}
                    onRefused={() => {
                      focusAfter.current = WAY_IN
                      reload()
                    }}
                  />
                )}
              </Box>
            ))}
          </Stack>
        )}
        {!course.checkoutEnabled && !active && !blocked && data.plans.some(sold) && <HowToBuy />}
      </CardContent>
    </Card>
  )
}

/**
 * In place of subscribing: an administrator revoked the learner's access to this course, and only an
 * administrator can restore it; whom to write to is the configured support address, else the teacher
 * or the centre's office.
 */
function RevokedByAdministrator() {
  const translate = useTranslate()
  const email = useSupportEmail()
  if (email === undefined) return null
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="status">
      {email ? translate(`${T}.blocked`, { email }) : translate(`${T}.blockedNoEmail`)}
    </Alert>
  )
}
