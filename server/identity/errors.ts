/**
 * Errors of the Cognito protocol: the `__type` names and the exact messages real Cognito sends
 * (docs/identity.md "Error catalogue"). Clients branch on both, so never paraphrase them.
 */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: 400 | 403 | 500 = 400,
  ) {
    super(message)
  }
}

const err =
  (type: string, message: string, status: 400 | 403 | 500 = 400) =>
  () =>
    new CognitoError(type, message, status)

export const Errors = {
  incorrectCredentials: err('NotAuthorizedException', 'Incorrect username or password.'),
  attemptsExceeded: err('NotAuthorizedException', 'Password attempts exceeded'),
  notConfirmed: err('UserNotConfirmedException', 'User is not confirmed.'),
  disabled: err('NotAuthorizedException', 'User is disabled.'),
  tempPasswordExpired: err('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.'),
  resetRequired: err('PasswordResetRequiredException', 'Password reset required for the user'),
  userNotFound: err('UserNotFoundException', 'User does not exist.'),
  emailExists: err('UsernameExistsException', 'An account with the given email already exists.'),
  userAccountExists: err('UsernameExistsException', 'User account already exists'),
  codeMismatch: err('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  codeExpired: err('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  limitExceeded: err('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  tooManyFailedAttempts: err('TooManyFailedAttemptsException', 'Attempt limit exceeded, please try after some time.'),
  alreadyConfirmed: err('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
  resendConfirmed: err('InvalidParameterException', 'User is already confirmed.'),
  noVerifiedEmail: err('InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email or phone_number'),
  cannotReset: err('NotAuthorizedException', 'User password cannot be reset in the current state.'),
  signUpNotPermitted: err('NotAuthorizedException', 'SignUp is not permitted for this user pool'),
  invalidAccessToken: err('NotAuthorizedException', 'Invalid Access Token'),
  accessTokenExpired: err('NotAuthorizedException', 'Access Token has expired'),
  accessTokenRevoked: err('NotAuthorizedException', 'Access Token has been revoked'),
  invalidRefreshToken: err('NotAuthorizedException', 'Invalid Refresh Token'),
  refreshTokenRevoked: err('NotAuthorizedException', 'Refresh Token has been revoked'),
  refreshTokenExpired: err('NotAuthorizedException', 'Refresh Token has expired'),
  sessionExpired: err('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
  deviceNotFound: err('ResourceNotFoundException', 'Device does not exist.'),
  badTimestamp: err('InvalidParameterException', 'TIMESTAMP format should be EEE MMM d HH:mm:ss z yyyy in english.'),
  internal: err('InternalErrorException', 'An internal error occurred, please try again.', 500),
}

export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message)
export const notAuthorized = (message: string) => new CognitoError('NotAuthorizedException', message)
export const invalidPassword = (reason: string) => new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${reason}`)
