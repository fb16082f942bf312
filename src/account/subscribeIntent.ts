/**
 * The course a visitor chose on the public site (its Subscribe link: `/register?subscribe={course}&plan={plan}`),
 * carried through registration, confirmation and sign-in so that the first sign-in lands on the
 * course's subscribe screen. Kept for this tab only, like the pending e-mail; only well-formed ids
 * are kept, and the screen it leads to is always this app's own.
 */
const KEY = 'aula.subscribeIntent'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface SubscribeIntent {
  course: string
  plan: string | null
}

/** The intent an address's query carries (`?subscribe=…&plan=…`), or null when it has none or a malformed course. */
export function intentIn(search: string): SubscribeIntent | null {
  const query = new URLSearchParams(search)
  const course = query.get('subscribe')
  if (!course || !UUID.test(course)) return null
  const plan = query.get('plan')
  return { course: course.toLowerCase(), plan: plan && UUID.test(plan) ? plan.toLowerCase() : null }
}

/** The learner's subscribe screen for the intent: the course's overview with its plans (the chosen one named). */
export const intentPath = (intent: SubscribeIntent) => `/galaxy/courses/overview/${intent.course}${intent.plan ? `?plan=${intent.plan}` : ''}`

export const subscribeIntent = {
  get(): SubscribeIntent | null {
    const stored = sessionStorage.getItem(KEY)
    return stored ? intentIn(stored) : null
  },
  set(intent: SubscribeIntent) {
    sessionStorage.setItem(KEY, new URLSearchParams({ subscribe: intent.course, ...(intent.plan ? { plan: intent.plan } : {}) }).toString())
  },
  clear: () => sessionStorage.removeItem(KEY),
  /** The intent's screen, once: the intent is forgotten as it is used. */
  take(): string | null {
    const intent = subscribeIntent.get()
    subscribeIntent.clear()
    return intent ? intentPath(intent) : null
  },
}
