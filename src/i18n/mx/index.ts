import { ra } from './ra'
import { shell } from './shell'
import { account } from './account'
import { adminMenu } from './adminMenu'
import { twoStep } from './twoStep'
import { notifications } from './notifications'

/** The default catalogue (Spanish, code mx): its shape is the type every other catalogue satisfies. */
export const mx = { ...ra, aula: { ...shell, notifications, account: { ...account, twoStep }, admin: { menu: adminMenu } } }

export type Messages = typeof mx
