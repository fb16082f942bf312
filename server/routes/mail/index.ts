import Type from 'typebox'
import { errorResponses } from '../../../contracts/errors.js'
import { BAD_UNSUBSCRIBE_TOKEN_MESSAGE, MailPreferences, MailPreferencesUpdate, UnsubscribeQuery, Unsubscribed } from '../../../contracts/mail.js'
import { actorOf } from '../../http/actor.js'
import { mailLanguage } from '../../mail/messages.js'
import { HttpError } from '../../plugins/errors.js'
import { confirmPage, donePage, invalidPage, PAGE_POLICY } from '../../reminders/page.js'
import { mailSigningKey, preferencesOf, setPreferences, type MailPreferencesRow } from '../../reminders/queries.js'
import { readUnsubscribeToken, type UnsubscribeTopic } from '../../reminders/unsubscribe.js'
import type { App } from '../../types.js'
import { stopNotificationMail } from '../../notifications/queries.js'

const tags = ['mail']
const HtmlPage = Type.String({ description: 'An HTML page (text/html).' })

const answer = (p: MailPreferencesRow): MailPreferences => ({ expiryReminders: p.expiry_reminders, weeklyDigest: p.weekly_digest })

/**
 * The learner's mail preferences (`/api/v2/user/mail-preferences`) and the one-click unsubscribe
 * address of the mail sent unasked (`/api/v2/mail/unsubscribe`, RFC 8058; decision 0030), mounted at
 * `/api/v2`. The unsubscribe routes are public: the signed token in the address is the credential.
 */
export default async function mailRoutes(app: App) {
  let key: Promise<Buffer> | null = null
  const signingKey = () => (key ??= mailSigningKey(app.db).catch((err: unknown) => ((key = null), Promise.reject(err))))

  // RFC 8058's POST carries `List-Unsubscribe=One-Click` (a form, url-encoded or multipart): read and ignored.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  )

  /** The reader's language for the pages: the learner's own, when the pool knows them. */
  const languageOf = async (sub: string | null) =>
    mailLanguage(sub ? ((await app.identityUsers.getUser(sub).catch(() => null))?.attributes.locale ?? undefined) : undefined)

  const topicOf = async (token: string): Promise<{ sub: string; topic: UnsubscribeTopic } | null> => readUnsubscribeToken(await signingKey(), token)

  const unsubscribe = async (sub: string, topic: UnsubscribeTopic) => {
    // A notification's mail turns every notification mail off (the settings pane turns single kinds back on).
    if (topic === 'notifications') await stopNotificationMail(app.db, sub)
    else await setPreferences(app.db, sub, topic === 'reminders' ? { expiryReminders: false } : { weeklyDigest: false })
  }

  app.get(
    '/user/mail-preferences',
    {
      schema: {
        tags,
        summary: "The caller's choices about the mail sent unasked: expiry reminders (on by default) and the weekly digest (off by default)",
        response: { 200: MailPreferences, ...errorResponses(401) },
      },
    },
    async (request) => answer(await preferencesOf(app.db, actorOf(request).sub)),
  )

  app.put(
    '/user/mail-preferences',
    {
      schema: {
        tags,
        summary: "Changes the caller's mail choices given (the others keep their value) and answers all of them",
        body: MailPreferencesUpdate,
        response: { 200: MailPreferences, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { expiryReminders, weeklyDigest } = request.body
      // Unknown fields are dropped before the handler runs: a body left with none changes nothing asked for.
      if (expiryReminders === undefined && weeklyDigest === undefined) throw new HttpError(400, 'Nothing to change', 'EMPTY_BODY')
      return answer(await setPreferences(app.db, actorOf(request).sub, { expiryReminders, weeklyDigest }))
    },
  )

  app.get(
    '/mail/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'The page an unsubscribe link opens: it asks, and its button posts to the same address. Opening it changes nothing (400 with a page saying so for a token that is not valid).',
        security: [],
        querystring: UnsubscribeQuery,
        response: { 200: HtmlPage, 400: Type.Union([HtmlPage, errorResponses(400)[400]]) },
      },
    },
    async (request, reply) => {
      const found = await topicOf(request.query.token)
      reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY)
      if (!found) return reply.status(400).send(invalidPage(await languageOf(null)))
      return confirmPage(await languageOf(found.sub), found.topic, request.query.token)
    },
  )

  app.post(
    '/mail/unsubscribe',
    {
      schema: {
        tags,
        summary:
          "One-click unsubscribe (RFC 8058): turns off the kind of mail the signed token names, for the learner it names, without sign-in. Answers JSON, or a page for a browser's form post; 400 for a token that is not valid.",
        security: [],
        querystring: UnsubscribeQuery,
        response: { 200: Type.Union([Unsubscribed, HtmlPage]), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const found = await topicOf(request.query.token)
      if (!found) throw new HttpError(400, BAD_UNSUBSCRIBE_TOKEN_MESSAGE, 'BAD_TOKEN')
      await unsubscribe(found.sub, found.topic)
      request.log.info({ topic: found.topic }, 'unsubscribed through a mail link')
      if (request.headers.accept?.includes('text/html')) {
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', PAGE_POLICY)
          .send(donePage(await languageOf(found.sub), found.topic))
      }
      return { unsubscribed: found.topic }
    },
  )
}
