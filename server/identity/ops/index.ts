import type { OperationName } from '../schemas.js'
import * as account from './account.js'
import * as admin from './admin.js'
import * as auth from './auth.js'
import * as devices from './devices.js'
import * as mfa from './mfa.js'
import type { OpHandler } from './types.js'

/** Every operation the service answers, by its X-Amz-Target name. */
export const OPERATIONS: Record<OperationName, OpHandler<never>> = {
  SignUp: account.signUp,
  ConfirmSignUp: account.confirmSignUp,
  ResendConfirmationCode: account.resendConfirmationCode,
  InitiateAuth: auth.initiateAuth,
  RespondToAuthChallenge: auth.respondToAuthChallenge,
  ForgotPassword: account.forgotPassword,
  ConfirmForgotPassword: account.confirmForgotPassword,
  ChangePassword: account.changePassword,
  GetUser: account.getUser,
  UpdateUserAttributes: account.updateUserAttributes,
  GetUserAttributeVerificationCode: account.getUserAttributeVerificationCode,
  VerifyUserAttribute: account.verifyUserAttribute,
  GlobalSignOut: account.globalSignOut,
  RevokeToken: account.revokeToken,
  ConfirmDevice: devices.confirmDevice,
  ListDevices: devices.listDevices,
  GetDevice: devices.getDevice,
  UpdateDeviceStatus: devices.updateDeviceStatus,
  ForgetDevice: devices.forgetDevice,
  AssociateSoftwareToken: mfa.associateSoftwareToken,
  VerifySoftwareToken: mfa.verifySoftwareToken,
  SetUserMFAPreference: mfa.setUserMFAPreference,
  AdminSetUserMFAPreference: mfa.adminSetUserMFAPreference,
  AdminCreateUser: admin.adminCreateUser,
  AdminGetUser: admin.adminGetUser,
  ListUsers: admin.listUsers,
  AdminUpdateUserAttributes: admin.adminUpdateUserAttributes,
  AdminEnableUser: admin.adminEnableUser,
  AdminDisableUser: admin.adminDisableUser,
  AdminConfirmSignUp: admin.adminConfirmSignUp,
  AdminResetUserPassword: admin.adminResetUserPassword,
  AdminSetUserPassword: admin.adminSetUserPassword,
  AdminUserGlobalSignOut: admin.adminUserGlobalSignOut,
  AdminAddUserToGroup: admin.adminAddUserToGroup,
  AdminRemoveUserFromGroup: admin.adminRemoveUserFromGroup,
  AdminListGroupsForUser: admin.adminListGroupsForUser,
  ListUsersInGroup: admin.listUsersInGroup,
  ListGroups: admin.listGroups,
  CreateGroup: admin.createGroup,
  AdminListDevices: admin.adminListDevices,
}
