import Type, { type Static, type TSchema } from 'typebox'

/**
 * Request shapes of every operation served, as Cognito's API reference constrains them. Bodies are
 * checked against these after nulls are dropped (clients send null for "absent"); extra members are
 * ignored, as AWS does for fields it does not use here (UserContextData, AnalyticsMetadata …).
 */
const obj = <T extends Record<string, TSchema>>(props: T) => Type.Object(props, { additionalProperties: true })

const ClientId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\w+]+$' })
const Username = Type.String({ minLength: 1, maxLength: 128 })
const Password = Type.String({ minLength: 1, maxLength: 256 })
const Code = Type.String({ minLength: 1, maxLength: 2048, pattern: '^\\S+$' })
const Token = Type.String({ minLength: 1, maxLength: 8192 })
const PoolId = Type.String({ minLength: 1, maxLength: 55 })
const StringMap = Type.Record(Type.String({ maxLength: 256 }), Type.String({ maxLength: 8192 }))
const Attributes = Type.Array(Type.Object({ Name: Type.String({ minLength: 1, maxLength: 32 }), Value: Type.Optional(Type.String({ maxLength: 2048 })) }), {
  maxItems: 60,
})
const Limit = Type.Integer({ minimum: 0, maximum: 60 })
const PageToken = Type.String({ minLength: 1, maxLength: 512 })
const GroupName = Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+$' })
const DeviceKey = Type.String({ minLength: 1, maxLength: 55, pattern: '^[\\w-]+_[0-9a-f-]+$' })
const Meta = { ClientMetadata: Type.Optional(StringMap) }
const ChallengeSession = Type.String({ minLength: 20, maxLength: 2048 })
const MfaSettings = Type.Optional(obj({ Enabled: Type.Optional(Type.Boolean()), PreferredMfa: Type.Optional(Type.Boolean()) }))
const MfaPreference = { SMSMfaSettings: MfaSettings, SoftwareTokenMfaSettings: MfaSettings, EmailMfaSettings: MfaSettings }

export const Schemas = {
  SignUp: obj({
    ClientId,
    Username,
    Password,
    UserAttributes: Type.Optional(Attributes),
    ValidationData: Type.Optional(Attributes),
    SecretHash: Type.Optional(Type.String()),
    ...Meta,
  }),
  ConfirmSignUp: obj({ ClientId, Username, ConfirmationCode: Code, ForceAliasCreation: Type.Optional(Type.Boolean()), ...Meta }),
  ResendConfirmationCode: obj({ ClientId, Username, ...Meta }),
  InitiateAuth: obj({ AuthFlow: Type.String({ minLength: 1, maxLength: 64 }), ClientId, AuthParameters: Type.Optional(StringMap), ...Meta }),
  RespondToAuthChallenge: obj({
    ChallengeName: Type.String({ minLength: 1, maxLength: 64 }),
    ClientId,
    Session: Type.Optional(ChallengeSession),
    ChallengeResponses: Type.Optional(StringMap),
    ...Meta,
  }),
  ForgotPassword: obj({ ClientId, Username, ...Meta }),
  ConfirmForgotPassword: obj({ ClientId, Username, ConfirmationCode: Code, Password, ...Meta }),
  ChangePassword: obj({ AccessToken: Token, PreviousPassword: Type.Optional(Password), ProposedPassword: Password }),
  GetUser: obj({ AccessToken: Token }),
  UpdateUserAttributes: obj({ AccessToken: Token, UserAttributes: Attributes, ...Meta }),
  GetUserAttributeVerificationCode: obj({ AccessToken: Token, AttributeName: Type.String({ minLength: 1, maxLength: 32 }), ...Meta }),
  VerifyUserAttribute: obj({ AccessToken: Token, AttributeName: Type.String({ minLength: 1, maxLength: 32 }), Code }),
  GlobalSignOut: obj({ AccessToken: Token }),
  RevokeToken: obj({ Token, ClientId, ClientSecret: Type.Optional(Type.String()) }),
  ConfirmDevice: obj({
    AccessToken: Token,
    DeviceKey,
    DeviceSecretVerifierConfig: Type.Optional(
      obj({ PasswordVerifier: Type.Optional(Type.String({ maxLength: 2048 })), Salt: Type.Optional(Type.String({ maxLength: 512 })) }),
    ),
    DeviceName: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  }),
  ListDevices: obj({ AccessToken: Token, Limit: Type.Optional(Limit), PaginationToken: Type.Optional(PageToken) }),
  GetDevice: obj({ AccessToken: Token, DeviceKey }),
  UpdateDeviceStatus: obj({ AccessToken: Token, DeviceKey, DeviceRememberedStatus: Type.Optional(Type.Enum(['remembered', 'not_remembered'])) }),
  ForgetDevice: obj({ AccessToken: Token, DeviceKey }),
  AssociateSoftwareToken: obj({ AccessToken: Type.Optional(Token), Session: Type.Optional(ChallengeSession) }),
  VerifySoftwareToken: obj({
    AccessToken: Type.Optional(Token),
    Session: Type.Optional(ChallengeSession),
    UserCode: Type.String({ minLength: 6, maxLength: 6, pattern: '^[0-9]+$' }),
    FriendlyDeviceName: Type.Optional(Type.String({ maxLength: 256 })),
  }),
  SetUserMFAPreference: obj({ AccessToken: Token, ...MfaPreference }),

  AdminCreateUser: obj({
    UserPoolId: PoolId,
    Username,
    UserAttributes: Type.Optional(Attributes),
    ValidationData: Type.Optional(Attributes),
    TemporaryPassword: Type.Optional(Password),
    ForceAliasCreation: Type.Optional(Type.Boolean()),
    MessageAction: Type.Optional(Type.Enum(['RESEND', 'SUPPRESS'])),
    DesiredDeliveryMediums: Type.Optional(Type.Array(Type.Enum(['EMAIL', 'SMS']))),
    ...Meta,
  }),
  AdminGetUser: obj({ UserPoolId: PoolId, Username }),
  ListUsers: obj({
    UserPoolId: PoolId,
    AttributesToGet: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 32 }))),
    Limit: Type.Optional(Limit),
    PaginationToken: Type.Optional(PageToken),
    Filter: Type.Optional(Type.String({ maxLength: 256 })),
  }),
  AdminUpdateUserAttributes: obj({ UserPoolId: PoolId, Username, UserAttributes: Attributes, ...Meta }),
  AdminEnableUser: obj({ UserPoolId: PoolId, Username }),
  AdminDisableUser: obj({ UserPoolId: PoolId, Username }),
  AdminConfirmSignUp: obj({ UserPoolId: PoolId, Username, ...Meta }),
  AdminResetUserPassword: obj({ UserPoolId: PoolId, Username, ...Meta }),
  AdminSetUserPassword: obj({ UserPoolId: PoolId, Username, Password, Permanent: Type.Optional(Type.Boolean()) }),
  AdminUserGlobalSignOut: obj({ UserPoolId: PoolId, Username }),
  AdminAddUserToGroup: obj({ UserPoolId: PoolId, Username, GroupName }),
  AdminRemoveUserFromGroup: obj({ UserPoolId: PoolId, Username, GroupName }),
  AdminListGroupsForUser: obj({ UserPoolId: PoolId, Username, Limit: Type.Optional(Limit), NextToken: Type.Optional(PageToken) }),
  ListUsersInGroup: obj({ UserPoolId: PoolId, GroupName, Limit: Type.Optional(Limit), NextToken: Type.Optional(PageToken) }),
  ListGroups: obj({ UserPoolId: PoolId, Limit: Type.Optional(Limit), NextToken: Type.Optional(PageToken) }),
  CreateGroup: obj({
    UserPoolId: PoolId,
    GroupName,
    Description: Type.Optional(Type.String({ maxLength: 2048 })),
    Precedence: Type.Optional(Type.Integer({ minimum: 0 })),
    RoleArn: Type.Optional(Type.String()),
  }),
  AdminListDevices: obj({ UserPoolId: PoolId, Username, Limit: Type.Optional(Limit), PaginationToken: Type.Optional(PageToken) }),
  AdminSetUserMFAPreference: obj({ UserPoolId: PoolId, Username, ...MfaPreference }),
} as const

export type OperationName = keyof typeof Schemas
export type Input<Op extends OperationName> = Static<(typeof Schemas)[Op]>

/** Operations that need the server's SigV4 credentials. */
export const ADMIN_OPERATIONS = new Set<OperationName>([
  'AdminCreateUser',
  'AdminGetUser',
  'ListUsers',
  'AdminUpdateUserAttributes',
  'AdminEnableUser',
  'AdminDisableUser',
  'AdminConfirmSignUp',
  'AdminResetUserPassword',
  'AdminSetUserPassword',
  'AdminUserGlobalSignOut',
  'AdminAddUserToGroup',
  'AdminRemoveUserFromGroup',
  'AdminListGroupsForUser',
  'ListUsersInGroup',
  'ListGroups',
  'CreateGroup',
  'AdminListDevices',
  'AdminSetUserMFAPreference',
])
