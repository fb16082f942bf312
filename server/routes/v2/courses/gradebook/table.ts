import type { GradebookExportQuery, GradebookRow, GradedItem } from '../../../../../contracts/courses/gradebook.js'
import { csvField } from '../../../../http/csv.js'
import type { LearnerFilter } from '../../../../courses/gradebook/queries.js'
import { gradesOf, type GradedCourse } from '../../../../courses/gradebook/table.js'
import { identity } from '../../../../http/identity-errors.js'
import { HttpError } from '../../../../http/http-error.js'
import { personName, usersOf } from '../../../../http/people.js'
import type { App } from '../../../../types.js'

/** The staff table's parts that need the app: the learners a search names, their names, the CSV's lines. */

/**
 * The filter the query asks for. A search names the username itself and the accounts whose e-mail or
 * name starts with it (the identity pool answers at most 60 of each, as the admin learner list does).
 */
export async function learnerFilter(app: App, items: GradedItem[], q: GradebookExportQuery): Promise<LearnerFilter> {
  let item: LearnerFilter['item'] = null
  if (q.item || q.itemState) {
    const found = items.find((i) => i.id === q.item)
    if (!q.item || !found) throw new HttpError(400, 'Invalid request', 'VALIDATION', { item: 'Not a graded item of this course' })
    if (!q.itemState) throw new HttpError(400, 'Invalid request', 'VALIDATION', { itemState: 'Required' })
    item = { id: found.id, kind: found.kind, state: q.itemState }
  }
  let users: string[] | null = null
  const text = q.search?.trim() ?? ''
  if (text) {
    const pool = app.identityUsers
    const [byEmail, byName] = await Promise.all([
      identity(() => pool.listUsers({ search: text, searchBy: 'email', limit: 60 })),
      identity(() => pool.listUsers({ search: text, searchBy: 'name', limit: 60 })),
    ])
    users = [text, ...byEmail.users.map((u) => u.username), ...byName.users.map((u) => u.username)]
  }
  const completed = q.completion === undefined ? null : q.completion === 'completed'
  return { users, completed, item }
}

/** The learners' rows with their names and e-mails from the identity pool (an account gone keeps its username). */
export async function namedRows(app: App, course: string, gc: GradedCourse, users: string[]): Promise<GradebookRow[]> {
  const [grades, people] = await Promise.all([gradesOf(app.db, course, gc, users), usersOf(app.identityUsers, users)])
  return grades.map((g) => {
    const person = people.get(g.user) ?? null
    return { learner: { username: g.user, name: personName(person), email: person?.email || null }, cells: g.cells, grade: g.grade, completion: g.completion }
  })
}

const formState = (c: GradebookRow['cells'][number]) => (c.attemptsUsed ? (c.passed ? 'passed' : 'failed') : 'not attempted')
const assignmentState = (c: GradebookRow['cells'][number]) =>
  `${c.status === 'graded' ? (c.passed ? 'passed' : 'failed') : (c.status ?? 'none')}${c.late ? ' (late)' : ''}`

/** The CSV's header and one line per learner: per item its score and its state, then the grade and the completion. */
export function csvLines(items: GradedItem[]) {
  const label = (i: GradedItem, n: number) => i.name || `${i.kind} ${n + 1}`
  const header = [
    'username',
    'name',
    'email',
    ...items.flatMap((i, n) => [`${label(i, n)} (score)`, `${label(i, n)} (${i.kind === 'form' ? 'result' : 'status'})`]),
    'weighted grade',
    'completed',
    'certificate',
    'done',
    'required',
  ]
  return {
    header: header.map(csvField).join(','),
    row: (r: GradebookRow) =>
      [
        r.learner.username,
        r.learner.name,
        r.learner.email,
        ...r.cells.flatMap((c, n) => [c.score, items[n].kind === 'form' ? formState(c) : assignmentState(c)]),
        r.grade,
        r.completion.completed ? 'yes' : 'no',
        r.completion.certificate,
        r.completion.done,
        r.completion.required,
      ]
        .map(csvField)
        .join(','),
  }
}
