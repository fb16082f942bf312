import { NoSessionError } from '../authProvider/cognito'

type Translate = (key: string, options?: Record<string, unknown>) => string

/** The message names of spec §8's account messages, keyed by what the identity service reports. */
const BY_MESSAGE: Record<string, string> = {
  'Incorrect username or password.': 'incorrectCredentials',
  'Password attempts exceeded': 'attemptsExceeded',
  'User is not confirmed.': 'notConfirmed',
  'An account with the given email already exists.': 'emailExists',
  'Invalid verification code provided, please try again.': 'codeMismatch',
  'Invalid code provided, please request a code again.': 'expiredCode',
  'Attempt limit exceeded, please try after some time.': 'limitExceeded',
  'Temporary password has expired and must be reset by an administrator.': 'temporaryExpired',
  'User is disabled.': 'disabled',
}

/** Whether an identity error means "this account still has to be confirmed". */
export const isNotConfirmed = (err: unknown) => (err as { code?: string })?.code === 'UserNotConfirmedException'

/**
 * The text to show for a failure of the identity service: spec §8's account messages translated,
 * any other identity error with its own text, and 'error' when nothing better is known.
 */
export function identityErrorMessage(err: unknown, translate: Translate): string {
  const t = (key: string) => translate(`aula.account.errors.${key}`)
  if (err instanceof NoSessionError) return t('noSession')
  const e = (err ?? {}) as { code?: string; message?: string }
  if (e.code === 'NetworkError') return translate('aula.account.http.network')
  if (e.message && BY_MESSAGE[e.message]) return t(BY_MESSAGE[e.message])
  if (e.code === 'UserNotConfirmedException') return t('notConfirmed')
  if (e.code === 'UsernameExistsException') return t('emailExists')
  if (e.code === 'CodeMismatchException') return t('codeMismatch')
  if (e.code === 'ExpiredCodeException') return t('expiredCode')
  if (e.code === 'LimitExceededException') return e.message?.startsWith('Exceeded daily email limit') ? t('dailyEmailLimit') : t('limitExceeded')
  if (e.message === 'User is not authenticated') return t('noSession')
  if (e.message?.startsWith('GET /api/config')) return t('configUnavailable')
  if (e.code && e.message) return e.message
  return t('generic')
}
