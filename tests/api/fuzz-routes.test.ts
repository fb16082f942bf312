import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routePolicy, type Access } from '../../contracts/policy.js'
import { ADMIN_CALLER, caller, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { L, publishCourse, quiz, subscribe } from '../helpers/learner.js'

/**
 * Property: no request a client can send makes any API route answer 5xx. For every route of the
 * app's own OpenAPI document, requests are generated from its body, path and query schemas — values
 * of the right shape mixed with hostile ones (NUL and lone surrogates, numbers past every limit,
 * wrong types, empty and very long strings, deep nesting, ids of other people's records) — and sent
 * through `app.inject` by each kind of caller the route admits.
 *
 * FUZZ_SEED=<n> replays a run (the seed is printed with any failure); FUZZ_RUNS=<n> sets the runs
 * per route and caller.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const RUNS = Number(process.env.FUZZ_RUNS ?? 16)

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  nullable?: boolean
  additionalProperties?: boolean | Schema
  minItems?: number
  maxItems?: number
}
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema }
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }

/** Records seeded before the run; their ids are offered wherever an id is asked for. */
const known = { uuids: [] as string[], strings: [] as string[] }

/** A JSON number no JavaScript value stringifies to; spliced into the body text in place of this marker. */
const HUGE = '\u0001HUGE\u0001'

let deep: unknown = 'bottom'
for (let i = 0; i < 40; i++) deep = i % 2 ? [deep] : { a: deep }

/** Values no schema wants, offered anywhere (made once the seeded ids are known). */
let hostileValues: fc.Arbitrary<unknown> | undefined
const hostile = (): fc.Arbitrary<unknown> =>
  (hostileValues ??= fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '\u0000',
        'a\u0000b',
        '\ud800',
        'x\udfff',
        '',
        ' ',
        '%00',
        "'; DROP TABLE courses; --",
        '1e400',
        'NaN',
        '-1',
        '../../etc/passwd',
      ),
    },
    fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 0.5, HUGE),
    fc.constantFrom([], {}, [null], { '': '' }, { __proto__x: 1 }, deep),
    fc.constant('x'.repeat(20_000)),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(...known.uuids, '00000000-0000-0000-0000-000000000000'),
    fc.constantFrom(...known.strings),
  ))

function typeOf(s: Schema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
}

/**
 * Values of the schema's shape (within its limits, strings kept short); with `wild`, any member at
 * any depth may be a hostile value instead.
 */
function shaped(s: Schema, wild = false): fc.Arbitrary<unknown> {
  const value = (inner: Schema) => (wild ? mixed(inner) : shaped(inner))
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((a) => value(a)))
  const base = shapedByType(s, value)
  return s.nullable || (Array.isArray(s.type) && s.type.includes('null')) ? fc.option(base, { nil: null }) : base
}

function shapedByType(s: Schema, value: (inner: Schema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  switch (typeOf(s)) {
    case 'string': {
      const minLength = s.minLength ?? 0
      const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 40))
      if (s.format === 'uuid') return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid())
      if (s.format === 'date-time')
        return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
      if (s.format === 'date')
        return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom(...known.strings.filter((k) => k.includes('@'))))
      if (s.format === 'uri') return fc.webUrl()
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern, 'u')).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity))
        } catch {
          // A pattern JavaScript cannot read as a unicode expression: plain strings then.
        }
      }
      return fc.oneof(fc.string({ minLength, maxLength }), fc.constantFrom(...known.strings))
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000)
      const max = s.maximum ?? min + 100_000
      return typeOf(s) === 'integer'
        ? fc.oneof(
            fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }),
            fc.constantFrom(min, max, min - 1, max + 1),
          )
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
    }
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(value(s.items ?? {}), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)) })
    case 'object': {
      const props = s.properties ?? {}
      const required = new Set(s.required ?? [])
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, value(v)])), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      })
      return s.additionalProperties === false
        ? record
        : fc.tuple(record, fc.dictionary(fc.string({ maxLength: 8 }), value({}), { maxKeys: 2 })).map(([r, extra]) => ({ ...extra, ...r }))
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null))
  }
}

/** Mostly shaped values, sometimes a hostile one — at every depth. */
function mixed(s: Schema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: shaped(s, true) }, { weight: 1, arbitrary: hostile() })
}

/** A string with a NUL or a lone surrogate put into it, same length otherwise. */
const POISON = ['\u0000', '\ud800', '\udc00']
const POISON_IT = Symbol('poison the string there')
const poisoned = (text: string, n: number) => {
  const at = n % (text.length + 1)
  return text.slice(0, at) + POISON[n % POISON.length] + text.slice(at + 1)
}

/**
 * `root` with its `n`-th member (depth first, modulo their number) replaced by `replacement`, or,
 * when that is POISON_IT and the member is a string, by the string with a bad character put in.
 */
function replaceNth(root: Record<string, unknown>, n: number, replacement: unknown): Record<string, unknown> {
  const slots: Array<[Record<string, unknown> | unknown[], string | number]> = []
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return
    for (const key of Object.keys(node)) {
      slots.push([node as Record<string, unknown>, Array.isArray(node) ? Number(key) : key])
      walk((node as Record<string, unknown>)[key])
    }
  }
  const copy = structuredClone(root)
  for (const part of Object.values(copy)) walk(part)
  if (slots.length === 0) return copy
  const [parent, key] = slots[n % slots.length]
  const old = (parent as Record<string, unknown>)[key as string]
  ;(parent as Record<string, unknown>)[key as string] = replacement !== POISON_IT ? replacement : typeof old === 'string' ? poisoned(old, n) : old
  return copy
}

/** A path or query value as text; lone surrogates become the invalid UTF-8 a raw client could send. */
function asText(v: unknown): string {
  const text = typeof v === 'string' ? v : v === HUGE ? '1e400' : (JSON.stringify(v) ?? '')
  try {
    return encodeURIComponent(text)
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^\w%.-]/g, (c) => encodeURIComponent(c))
  }
}

interface Route {
  method: string
  path: string
  access: Access
  params: Parameter[]
  query: Parameter[]
  body?: Schema
}

/** The calls of one generated request: url, headers and raw body text. */
function requestFor(route: Route): fc.Arbitrary<{ url: string; body?: string }> {
  const parts = (wild: boolean) =>
    fc.record({
      params: fc.record(Object.fromEntries(route.params.map((p) => [p.name, shaped(p.schema, wild)]))),
      query: fc.record(Object.fromEntries(route.query.map((p) => [p.name, shaped(p.schema, wild)])), { requiredKeys: [] }),
      body: route.body ? fc.option(shaped(route.body, wild), { freq: 12, nil: undefined }) : fc.constant(undefined),
    }) as fc.Arbitrary<Record<string, unknown>>
  // Well-formed requests; well-formed but for one member (so that it passes everything else); hostile anywhere.
  const request = fc.oneof(
    { weight: 1, arbitrary: parts(false) },
    { weight: 3, arbitrary: fc.tuple(parts(false), fc.nat(), fc.option(hostile(), { nil: POISON_IT })).map(([r, n, bad]) => replaceNth(r, n, bad)) },
    { weight: 1, arbitrary: parts(true) },
  )
  return request.map(({ params, query, body }) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => asText((params as Record<string, unknown>)[name]) || '%20')
    const qs = Object.entries(query as Record<string, unknown>)
      .map(([k, v]) => `${k}=${asText(v)}`)
      .join('&')
    const text = body === undefined ? undefined : JSON.stringify(body).replaceAll(JSON.stringify(HUGE), '1e400')
    return { url: qs ? `${path}?${qs}` : path, body: text }
  })
}

const CALLERS: Record<string, Caller> = {}

/** The callers a route admits: an administrator, a creator and a learner where allowed, else one of its groups. */
function callersFor(access: Access): Array<[string, Caller | null]> {
  if (access.kind === 'public')
    return [
      ['visitor', null],
      ['learner', CALLERS.learner],
    ]
  if (access.kind === 'signed-in')
    return [
      ['learner', CALLERS.learner],
      ['creator', CALLERS.creator],
    ]
  // An organisation's manager (its domain's group) and an administrator (decision 0038).
  if (access.kind === 'organization-managers')
    return [
      ['admin', CALLERS.admin],
      ['manager', CALLERS.manager],
    ]
  const allowed = (['admin', 'creator', 'general'] as const).filter((g) => access.groups.includes(g))
  if (allowed.length > 0) return allowed.map((g) => [g, CALLERS[g]])
  return [[access.groups[0], caller(`fuzz-${access.groups[0]}`, [access.groups[0]])]]
}

/** Routes left out: the document's own pages, and uploads, which take multipart bodies the document does not describe. */
const SKIPPED = /^(GET \/api\/docs|POST \/api\/files\/upload)/

let api: CourseApi
const routes: Route[] = []

beforeAll(async () => {
  api = await courseApp()
  const creator = await api.user('Fuzz Creator', ['creator'])
  const otherCreator = await api.user('Other Creator', ['creator'])
  const learner = await api.user('Fuzz Learner', ['general'])
  Object.assign(CALLERS, { admin: ADMIN_CALLER, creator, general: learner, learner })
  const course = await publishCourse(api, creator, {
    name: 'Fuzzed course',
    tags: ['fuzz'],
    sections: [
      {
        title: 'One',
        blocks: [
          { kind: 'text', values: { html: '<p>Hi</p>' } },
          { kind: 'form', values: quiz() },
        ],
      },
    ],
  })
  await subscribe(api, learner, course)
  const other = await publishCourse(api, otherCreator, { name: 'Other course' })
  const org = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/organizations/create', { name: 'Fuzz org', description: '', domain: 'fuzz.example' })
  expect(org.statusCode, org.body).toBe(201)
  CALLERS.manager = caller('fuzz-manager', ['fuzz.example'])
  known.uuids.push(org.json().Item.id)
  known.strings.push('fuzz.example')
  const tag = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/tags/create', { name: 'fuzz-tag', description: '' })
  expect(tag.statusCode, tag.body).toBe(201)
  known.uuids.push(course.uuid, ...course.blocks.flat(), ...course.plans, other.uuid, ...other.blocks.flat(), ...other.plans)
  known.strings.push(
    creator.username,
    otherCreator.username,
    learner.username,
    learner.email,
    String(tag.json().Item.id),
    'terms-of-use-and-conditions',
    'fuzz',
  )
  for (const entry of (await api.call(learner, 'GET', `${L}/all/1`)).json().items ?? []) if (entry.uuid) known.uuids.push(entry.uuid)

  const doc = (await api.call(null, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> }
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`
      const access = (routePolicy as Record<string, Access>)[key]
      if (!access || SKIPPED.test(key)) continue
      const parameters = op.parameters ?? []
      routes.push({
        method: method.toUpperCase(),
        path,
        access,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
      })
    }
  }
}, 60_000)

afterAll(async () => {
  await api?.close()
})

describe('every API route, given generated requests', () => {
  it('answers below 500 whatever is sent', async () => {
    expect(routes.length).toBeGreaterThan(200)
    const failures: string[] = []
    const started = Date.now()
    const statuses = new Map<number, number>()
    for (const route of routes) {
      for (const [who, as] of callersFor(route.access)) {
        const property = fc.asyncProperty(requestFor(route), async ({ url, body }) => {
          const res = await api.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...(as?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: body }),
          })
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body}`)
        })
        const outcome = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true })
        if (outcome.failed) {
          failures.push(`${route.method} ${route.path} as ${who}: ${String(outcome.errorInstance)}\n  request: ${JSON.stringify(outcome.counterexample?.[0])}`)
        }
      }
    }
    console.info(
      `fuzzed ${routes.length} routes in ${Date.now() - started} ms (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS}); answers: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    )
    expect(failures, `FUZZ_SEED=${SEED} replays this run`).toEqual([])
  }, 300_000)
})
