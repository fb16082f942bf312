import Value from 'typebox/value'
import { LANGUAGES, PublicConfig } from '../../contracts/config.js'
import { appInfo } from '../info.js'
import { passwordPolicyOf } from '../identity/settings.js'
import type { App } from '../types.js'

/** GET /api/config: what the web app needs before sign-in (identity pool, password policy, languages, shell links). */
export default async function configRoutes(app: App) {
  // The answer depends only on the configuration: built, checked and serialised once, at start.
  const answer = publicConfig(app)
  if (!Value.Check(PublicConfig, answer)) throw new Error('the public configuration does not match its schema')
  const body = JSON.stringify(answer)
  app.get(
    '/config',
    { schema: { tags: ['system'], summary: 'Public configuration of the web app', security: [], response: { 200: PublicConfig } } },
    (_request, reply) => {
      // A string body with a JSON type is sent as it is (no per-request serialisation).
      void reply.type('application/json; charset=utf-8').send(body as unknown as typeof answer)
    },
  )
}

function publicConfig(app: App) {
  const config = app.config
  const [region] = config.IDENTITY_USER_POOL_ID.split('_')
  const embedded = config.IDENTITY_MODE === 'embedded'
  return {
    name: appInfo.name,
    build: config.BUILD_NUMBER,
    identity: {
      region,
      userPoolId: config.IDENTITY_USER_POOL_ID,
      clientId: config.IDENTITY_CLIENT_ID,
      // Relative by default: the browser resolves it against the origin it loaded the app from,
      // which also holds behind a proxy (and the Vite dev server).
      ...(embedded ? { endpoint: config.IDENTITY_ENDPOINT ?? '/identity/' } : {}),
    },
    passwordPolicy: passwordPolicyOf(config),
    languages: [...LANGUAGES],
    links: definedOnly({
      website: config.LINK_WEBSITE,
      social: config.LINK_SOCIAL,
      video: config.LINK_VIDEO,
      shortVideo: config.LINK_SHORT_VIDEO,
    }),
    developedBy: { text: config.DEVELOPED_BY, ...definedOnly({ url: config.DEVELOPED_BY_URL }) },
    ...definedOnly({ supportEmail: config.SUPPORT_EMAIL, universityOrganization: config.UNIVERSITY_ORGANIZATION }),
  }
}

/** The object without its unset fields (an unset link is absent from the answer, not null). */
function definedOnly<T extends Record<string, string | undefined>>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> }
}
