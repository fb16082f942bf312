import type { Messages } from '../mx'
import { ra } from './ra'
import { shell } from './shell'
import { account } from './account'
import { adminMenu } from './adminMenu'
import { twoStep } from './twoStep'
import { notifications } from './notifications'

export const gr = { ...ra, aula: { ...shell, notifications, account: { ...account, twoStep }, admin: { menu: adminMenu } } } satisfies Messages
