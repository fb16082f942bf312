import { CATALOGUE_PAGE_SIZE, EstimatedResponse, UuidParams } from '../../../contracts/admin/common.js'
import {
  CourseUserParams,
  FormAttemptDetailResponse,
  FormDetailBody,
  LearnerForms,
  LearnerSubscriptions,
  SubscriptorsBody,
  SubscriptorsPage,
  type CoursePerson,
  type LearnerForm,
} from '../../../contracts/courses/admin.js'
import { errorResponses } from '../../../contracts/errors.js'
import type { App } from '../../types.js'
import { peopleOf, personOf } from './people.js'
import { iso } from '../../http/dates.js'
import { notFound } from '../../http/errors.js'
import { identity } from '../../http/identity-errors.js'
import { UUID_RE } from '../../http/paging.js'
import { toAdminSubscription } from '../admin-subscriptions/queries.js'
import { formInSnapshot, gradeQuestions, readForm } from './forms.js'
import {
  attemptsOf,
  countSubscriptors,
  courseExists,
  findAttempt,
  formsOf,
  formValues,
  listSubscriptors,
  subscriptionsOf,
  versionContent,
  type SubscriptorFilter,
} from './learners-queries.js'

const tags = ['admin: courses']
const num = (v: string | number | null) => (v === null ? null : Number(v))

/**
 * Requirements §7 "Courses (admin)" under `/api/admin/courses`: a course's subscriptors, a learner's
 * subscriptions and form tries. Adding and revoking subscriptors are the subscriptions feature's
 * routes (`../admin-subscriptions`), which these screens call.
 */
export default async function adminCourseLearnerRoutes(app: App) {
  const pool = app.identityUsers

  async function requireCourse(uuid: string) {
    if (!(await courseExists(app.db, uuid))) throw notFound('Course not found')
  }

  /**
   * The learners a search names: the username itself, and the accounts whose e-mail or name starts
   * with it (the identity pool answers at most 60 of each).
   */
  async function filterOf(search: string): Promise<SubscriptorFilter | null> {
    const text = search.trim()
    if (!text) return null
    const [byEmail, byName] = await Promise.all([
      identity(() => pool.listUsers({ search: text, searchBy: 'email', limit: 60 })),
      identity(() => pool.listUsers({ search: text, searchBy: 'name', limit: 60 })),
    ])
    return { users: [text, ...byEmail.users.map((u) => u.username), ...byName.users.map((u) => u.username)], planPrefix: text }
  }

  /** The learner a path names (username or e-mail); an unknown one is a 404 unless `known` says it left traces. */
  async function learnerOf(user: string): Promise<{ person: CoursePerson; exists: boolean }> {
    const found = await identity(() => pool.getUser(user))
    if (found) return { person: { username: found.username, email: found.email || null, name: found.name || null }, exists: true }
    if (user.includes('@')) throw notFound('User not found')
    return { person: { username: user, email: null, name: null }, exists: false }
  }

  app.post(
    '/course/subscriptors',
    {
      schema: {
        tags,
        summary: "One page of a course's learners with the status of their subscription (search: username, e-mail or name prefix, plan-name prefix)",
        body: SubscriptorsBody,
        response: { 200: SubscriptorsPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { uuid, page, search } = request.body
      await requireCourse(uuid)
      const filter = await filterOf(search)
      const [rows, count] = await Promise.all([listSubscriptors(app.db, uuid, page, filter), countSubscriptors(app.db, uuid, filter)])
      const people = await peopleOf(
        pool,
        rows.map((r) => r.user_sub),
      )
      const now = new Date()
      return {
        items: rows.map((r) => {
          const person = personOf(people, r.user_sub)
          const current = toAdminSubscription({ ...r, created_key: '', learner_email: person.email, learner_name: person.name }, now)
          return { ...person, current, subscriptions: Number(r.n) }
        }),
        page,
        pageSize: CATALOGUE_PAGE_SIZE,
        count,
        pages: Math.ceil(count / CATALOGUE_PAGE_SIZE),
      }
    },
  )

  app.get(
    '/course/subscriptors/estimated/:id',
    {
      schema: {
        tags,
        summary: 'How many learners hold or held a subscription to the course',
        params: UuidParams,
        response: { 200: EstimatedResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireCourse(request.params.id)
      return { estimated: await countSubscriptors(app.db, request.params.id, null) }
    },
  )

  app.get(
    '/course/subscriptions/:id/:user',
    {
      schema: {
        tags,
        summary: 'Every subscription of a learner (username or e-mail) to the course, newest first',
        params: CourseUserParams,
        response: { 200: LearnerSubscriptions, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, user } = request.params
      await requireCourse(id)
      const learner = await learnerOf(user)
      const rows = await subscriptionsOf(app.db, id, learner.person.username)
      if (!learner.exists && rows.length === 0) throw notFound('User not found')
      const now = new Date()
      const { email, name } = learner.person
      return { learner: learner.person, items: rows.map((r) => toAdminSubscription({ ...r, created_key: '', learner_email: email, learner_name: name }, now)) }
    },
  )

  app.get(
    '/user/forms/:id/:user',
    {
      schema: {
        tags,
        summary: "The course's evaluation forms and a learner's tries of each (scores, passed), forms in reading order",
        params: CourseUserParams,
        response: { 200: LearnerForms, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, user } = request.params
      await requireCourse(id)
      const learner = await learnerOf(user)
      const [forms, attempts] = await Promise.all([formsOf(app.db, id), attemptsOf(app.db, id, learner.person.username)])
      if (!learner.exists && attempts.length === 0) throw notFound('User not found')
      const items = new Map<string, LearnerForm>()
      const entry = (formId: string, values: unknown): LearnerForm => {
        const form = readForm(values)
        return {
          formId,
          name: form?.name ?? null,
          tries: form?.tries ?? null,
          requiredScore: form?.requiredScore ?? null,
          passed: null,
          bestScore: null,
          attempts: [],
        }
      }
      for (const f of forms) items.set(f.id, entry(f.id, f.values))
      for (const a of attempts) {
        // A form removed from the course keeps its tries: its values come from the version they were taken on.
        if (!items.has(a.form_id)) {
          const snapshot = a.course_version === null ? null : formInSnapshot(await versionContent(app.db, id, a.course_version), a.form_id)
          items.set(a.form_id, entry(a.form_id, snapshot ?? (await formValues(app.db, id, a.form_id))))
        }
        const item = items.get(a.form_id)!
        const score = num(a.score)
        item.attempts.unshift({ id: a.id, attempt: Number(a.attempt), courseVersion: a.course_version, score, passed: a.passed, createdAt: iso(a.created_at) })
        if (score !== null && (item.bestScore === null || score > item.bestScore)) item.bestScore = score
      }
      for (const item of items.values()) item.passed = item.attempts[0]?.passed ?? null
      return { learner: learner.person, items: [...items.values()] }
    },
  )

  app.post(
    '/forms/detail',
    {
      schema: {
        tags,
        summary: "One try of a form: the learner's answers beside the questions and the correct options",
        body: FormDetailBody,
        response: { 200: FormAttemptDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course, id } = request.body
      await requireCourse(course)
      const a = UUID_RE.test(id) ? await findAttempt(app.db, course, id) : null
      if (!a) throw notFound('Form attempt not found')
      const snapshot = a.course_version === null ? null : formInSnapshot(await versionContent(app.db, course, a.course_version), a.form_id)
      const form = readForm(snapshot ?? (await formValues(app.db, course, a.form_id)))
      const people = await peopleOf(pool, [a.user_sub])
      return {
        Item: {
          id: a.id,
          attempt: Number(a.attempt),
          courseVersion: a.course_version,
          score: num(a.score),
          passed: a.passed,
          createdAt: iso(a.created_at),
          formId: a.form_id,
          learner: personOf(people, a.user_sub),
          form: {
            name: form?.name ?? null,
            tries: form?.tries ?? null,
            requiredScore: form?.requiredScore ?? null,
            questions: gradeQuestions(form, a.answers),
          },
        },
      }
    },
  )
}
