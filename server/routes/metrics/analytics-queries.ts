import type { Queryable } from '../../db/index.js'

/** A bucket of a series: [start, end) and the instant "in force" counts are taken at. */
export interface Bucket {
  period: string
  start: string
  end: string
  at: string
}

/** The range's instants: [fromTs, toTs) in UTC. */
export interface Bounds {
  fromTs: string
  toTs: string
  from: string
  to: string
}

/**
 * Every moment a learner did something with a course in the range: the days they used the learning
 * routes, subscriptions made, blocks opened or advanced, forms sent, courses completed. The progress rows keep only their
 * first and latest change, so the request-based activity days carry the history in between.
 */
const EVENTS = `
  SELECT user_sub, course_uuid, opened_at AS at FROM learner_progress WHERE opened_at >= $1 AND opened_at < $2
  UNION ALL SELECT user_sub, course_uuid, updated_at FROM learner_progress WHERE updated_at >= $1 AND updated_at < $2
  UNION ALL SELECT user_sub, course_uuid, created_at FROM subscriptions WHERE created_at >= $1 AND created_at < $2
  UNION ALL SELECT user_sub, course_uuid, created_at FROM form_attempts WHERE created_at >= $1 AND created_at < $2
  UNION ALL SELECT user_sub, course_uuid, completed_at FROM course_completions WHERE completed_at >= $1 AND completed_at < $2
  UNION ALL SELECT user_sub, NULL::uuid, (day::timestamp AT TIME ZONE 'UTC') FROM learner_activity_days
    WHERE day >= ($1::timestamptz AT TIME ZONE 'UTC')::date AND day < ($2::timestamptz AT TIME ZONE 'UTC')::date`

const buckets = (b: Bucket[]) => [b.map((x) => x.start), b.map((x) => x.end), b.map((x) => x.at)]

export async function activeLearners(db: Queryable, range: Bounds, series: Bucket[]) {
  const { rows } = await db.query<{ i: string; n: string }>(
    `WITH events AS (${EVENTS})
     SELECT b.i::text AS i, count(DISTINCT e.user_sub)::text AS n
     FROM unnest($3::timestamptz[], $4::timestamptz[]) WITH ORDINALITY AS b(s, e, i)
     LEFT JOIN events e ON e.at >= b.s AND e.at < b.e
     GROUP BY b.i ORDER BY b.i`,
    [range.fromTs, range.toTs, ...buckets(series).slice(0, 2)],
  )
  const total = await db.query<{ n: string }>(`WITH events AS (${EVENTS}) SELECT count(DISTINCT user_sub)::text AS n FROM events`, [range.fromTs, range.toTs])
  return { total: Number(total.rows[0]?.n ?? 0), counts: rows.map((r) => Number(r.n)) }
}

const IN_FORCE = (at: string) =>
  `s.created_at <= ${at} AND (s.revoked_at IS NULL OR s.revoked_at > ${at}) AND s.created_at + s.duration_days * interval '1 day' > ${at}`

export async function subscriptionSeries(db: Queryable, range: Bounds, series: Bucket[]) {
  const { rows } = await db.query<{ created: string; revoked: string; active: string }>(
    `SELECT
       (SELECT count(*) FROM subscriptions s WHERE s.created_at >= b.s AND s.created_at < b.e)::text AS created,
       (SELECT count(*) FROM subscriptions s WHERE s.revoked_at >= b.s AND s.revoked_at < b.e)::text AS revoked,
       (SELECT count(*) FROM subscriptions s WHERE ${IN_FORCE('b.at')})::text AS active
     FROM unnest($1::timestamptz[], $2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS b(s, e, at, i)
     ORDER BY b.i`,
    buckets(series),
  )
  const at = series[series.length - 1]?.at ?? range.toTs
  const totals = await db.query<{ created: string; revoked: string; active: string }>(
    `SELECT
       (SELECT count(*) FROM subscriptions s WHERE s.created_at >= $1 AND s.created_at < $2)::text AS created,
       (SELECT count(*) FROM subscriptions s WHERE s.revoked_at >= $1 AND s.revoked_at < $2)::text AS revoked,
       (SELECT count(*) FROM subscriptions s WHERE ${IN_FORCE('$3::timestamptz')})::text AS active`,
    [range.fromTs, range.toTs, at],
  )
  const t = totals.rows[0]!
  return {
    totals: { created: Number(t.created), revoked: Number(t.revoked), activeAtEnd: Number(t.active) },
    rows: rows.map((r) => ({ created: Number(r.created), revoked: Number(r.revoked), active: Number(r.active) })),
  }
}

/** The name a course is known by: its published name, else the draft's. */
const COURSE_NAME = `COALESCE(p.name, c.name)`

export async function completionByCourse(db: Queryable, range: Bounds) {
  const { rows } = await db.query<{ uuid: string; name: string; enrolled: string; completed: string; attempted: string; passed: string; certificates: string }>(
    `WITH enrolled AS (
       SELECT s.course_uuid, count(DISTINCT s.user_sub) AS n FROM subscriptions s
       WHERE s.created_at < $2 AND (s.revoked_at IS NULL OR s.revoked_at >= $1) AND s.created_at + s.duration_days * interval '1 day' > $1
       GROUP BY s.course_uuid),
     completed AS (SELECT course_uuid, count(*) AS n FROM course_completions WHERE completed_at >= $1 AND completed_at < $2 GROUP BY course_uuid),
     tried AS (
       SELECT course_uuid, count(DISTINCT user_sub) AS attempted, count(DISTINCT user_sub) FILTER (WHERE passed) AS passed
       FROM form_attempts WHERE created_at >= $1 AND created_at < $2 GROUP BY course_uuid),
     certs AS (SELECT course_uuid, count(*) AS n FROM issued_certificates WHERE issued_at >= $1 AND issued_at < $2 GROUP BY course_uuid),
     courses_seen AS (SELECT course_uuid FROM enrolled UNION SELECT course_uuid FROM completed UNION SELECT course_uuid FROM tried UNION SELECT course_uuid FROM certs)
     SELECT c.uuid::text AS uuid, ${COURSE_NAME} AS name,
       COALESCE(e.n, 0)::text AS enrolled, COALESCE(d.n, 0)::text AS completed,
       COALESCE(t.attempted, 0)::text AS attempted, COALESCE(t.passed, 0)::text AS passed, COALESCE(x.n, 0)::text AS certificates
     FROM courses_seen k
     JOIN courses c ON c.uuid = k.course_uuid
     LEFT JOIN published_courses p ON p.uuid = c.uuid
     LEFT JOIN enrolled e ON e.course_uuid = c.uuid
     LEFT JOIN completed d ON d.course_uuid = c.uuid
     LEFT JOIN tried t ON t.course_uuid = c.uuid
     LEFT JOIN certs x ON x.course_uuid = c.uuid
     ORDER BY ${COURSE_NAME}, c.uuid`,
    [range.fromTs, range.toTs],
  )
  const rate = (n: number, of: number) => (of > 0 ? Math.min(1, n / of) : null)
  return rows.map((r) => {
    const enrolled = Number(r.enrolled)
    const completed = Number(r.completed)
    const attempted = Number(r.attempted)
    const passed = Number(r.passed)
    return {
      uuid: r.uuid,
      name: r.name,
      enrolled,
      completed,
      completionRate: rate(completed, enrolled),
      attempted,
      passed,
      passRate: rate(passed, attempted),
      certificates: Number(r.certificates),
    }
  })
}

const ORDER = { subscriptions: 'subscriptions', completions: 'completions', learners: 'learners' } as const

export async function topCourses(db: Queryable, range: Bounds, by: keyof typeof ORDER, limit: number) {
  const { rows } = await db.query<{ uuid: string; name: string; subscriptions: string; completions: string; learners: string }>(
    `WITH events AS (${EVENTS}),
     subs AS (SELECT course_uuid, count(*) AS n FROM subscriptions WHERE created_at >= $1 AND created_at < $2 GROUP BY course_uuid),
     done AS (SELECT course_uuid, count(*) AS n FROM course_completions WHERE completed_at >= $1 AND completed_at < $2 GROUP BY course_uuid),
     active AS (SELECT course_uuid, count(DISTINCT user_sub) AS n FROM events WHERE course_uuid IS NOT NULL GROUP BY course_uuid),
     ranked AS (
       SELECT c.uuid, ${COURSE_NAME} AS name, COALESCE(s.n, 0) AS subscriptions, COALESCE(d.n, 0) AS completions, COALESCE(a.n, 0) AS learners
       FROM courses c
       LEFT JOIN published_courses p ON p.uuid = c.uuid
       LEFT JOIN subs s ON s.course_uuid = c.uuid
       LEFT JOIN done d ON d.course_uuid = c.uuid
       LEFT JOIN active a ON a.course_uuid = c.uuid
       WHERE s.n IS NOT NULL OR d.n IS NOT NULL OR a.n IS NOT NULL)
     SELECT uuid::text AS uuid, name, subscriptions::text, completions::text, learners::text FROM ranked
     ORDER BY ${ORDER[by]} DESC, subscriptions DESC, learners DESC, name, uuid
     LIMIT $3`,
    [range.fromTs, range.toTs, limit],
  )
  return rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    subscriptions: Number(r.subscriptions),
    completions: Number(r.completions),
    learners: Number(r.learners),
  }))
}
