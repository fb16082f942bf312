import type { Messages } from '../mx'
import { ra } from './ra'
import { shell } from './shell'
import { account } from './account'
import { adminMenu } from './adminMenu'
import { twoStep } from './twoStep'

export const eng = { ...ra, aula: { ...shell, account: { ...account, twoStep }, admin: { menu: adminMenu } } } satisfies Messages
