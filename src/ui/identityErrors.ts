import { NoSessionError } from '../authProvider/cognito'
import { isSessionOver } from '../authProvider/sessionEnd'

type Translate = (key: string, options?: Record<string, unknown>) => string

/**
 * What the identity service says, by exception name and, where one name covers several cases, by its
 * message. Every name the web app's calls can meet (sign-up, sign-in and its challenges, codes, password
 * reset and change, attributes, devices, sign-out, two-step verification, plus the embedded service's own
 * protocol errors) has a catalogue text; nothing the service writes in English reaches the screen.
 */
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
  'Username should be an email.': 'invalidEmail',
  'Invalid email address format.': 'invalidEmail',
  'SignUp is not permitted for this user pool': 'signUpDisabled',
  'User is already confirmed.': 'alreadyConfirmed',
  'User password cannot be reset in the current state.': 'resetNotPossible',
  'User is not authenticated': 'noSession',
}

const BY_NAME: Record<string, string> = {
  NotAuthorizedException: 'notAllowed',
  UserNotFoundException: 'incorrectCredentials',
  UserNotConfirmedException: 'notConfirmed',
  UsernameExistsException: 'emailExists',
  AliasExistsException: 'emailExists',
  CodeMismatchException: 'codeMismatch',
  EnableSoftwareTokenMFAException: 'codeMismatch',
  ExpiredCodeException: 'expiredCode',
  LimitExceededException: 'limitExceeded',
  TooManyRequestsException: 'limitExceeded',
  TooManyFailedAttemptsException: 'limitExceeded',
  InvalidPasswordException: 'invalidPassword',
  PasswordHistoryPolicyViolationException: 'passwordReused',
  PasswordResetRequiredException: 'passwordResetRequired',
  InvalidParameterException: 'invalidParameter',
  CodeDeliveryFailureException: 'codeDelivery',
  InvalidEmailRoleAccessPolicyException: 'codeDelivery',
  InvalidSmsRoleAccessPolicyException: 'codeDelivery',
  InvalidSmsRoleTrustRelationshipException: 'codeDelivery',
  SoftwareTokenMFANotFoundException: 'mfaNotSetUp',
  MFAMethodNotFoundException: 'mfaNotSetUp',
  UnsupportedUserStateException: 'unsupportedState',
  UnauthorizedException: 'notAllowed',
  ForbiddenException: 'notAllowed',
  ConcurrentModificationException: 'tryAgain',
  InternalErrorException: 'serviceUnavailable',
  ResourceNotFoundException: 'serviceUnavailable',
  InvalidUserPoolConfigurationException: 'serviceUnavailable',
  InvalidLambdaResponseException: 'serviceUnavailable',
  UnexpectedLambdaException: 'serviceUnavailable',
  UserLambdaValidationException: 'serviceUnavailable',
  UserPoolAddOnNotEnabledException: 'serviceUnavailable',
  UnsupportedOperationException: 'serviceUnavailable',
  UnsupportedTokenTypeException: 'serviceUnavailable',
  UnknownOperationException: 'serviceUnavailable',
  SerializationException: 'serviceUnavailable',
  UnrecognizedClientException: 'serviceUnavailable',
  MissingAuthenticationTokenException: 'serviceUnavailable',
  IncompleteSignatureException: 'serviceUnavailable',
  InvalidSignatureException: 'serviceUnavailable',
}

/** Every exception name with a catalogue text (tests walk it). */
export const KNOWN_IDENTITY_ERRORS = Object.keys(BY_NAME)

/** Whether an identity error means "this account still has to be confirmed". */
export const isNotConfirmed = (err: unknown) => (err as { code?: string })?.code === 'UserNotConfirmedException'

export interface IdentityErrorOptions {
  /** The catalogue key for "Incorrect username or password." where the form has no username (the security pane). */
  incorrectCredentials?: string
}

/**
 * The text to show for a failure of the identity service: requirements §8's account messages and a catalogue
 * text for every other identity error, translated; 'error' when nothing better is known.
 */
export function identityErrorMessage(err: unknown, translate: Translate, options: IdentityErrorOptions = {}): string {
  const t = (key: string) => translate(`aula.account.errors.${key === 'incorrectCredentials' ? (options.incorrectCredentials ?? key) : key}`)
  if (err instanceof NoSessionError) return t('noSession')
  const e = (err ?? {}) as { code?: string; name?: string; message?: string }
  const name = e.code ?? e.name
  if (name === 'NetworkError') return translate('aula.account.http.network')
  if (isSessionOver(err) && e.message !== 'User is disabled.') return translate('aula.account.http.unauthorizedDetail')
  if (name === 'LimitExceededException' && e.message?.startsWith('Exceeded daily email limit')) return t('dailyEmailLimit')
  if (name === 'NotAuthorizedException' && e.message?.startsWith('User cannot be confirmed')) return t('alreadyConfirmed')
  if (e.message && BY_MESSAGE[e.message]) return t(BY_MESSAGE[e.message])
  if (name && BY_NAME[name]) return t(BY_NAME[name])
  if (e.message?.startsWith('GET /api/config')) return t('configUnavailable')
  return t('generic')
}
