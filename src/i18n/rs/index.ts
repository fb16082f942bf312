import type { Messages } from '../mx'
import { ra } from './ra'
import { shell } from './shell'
import { account } from './account'
import { admin } from './admin'
import { twoStep } from './twoStep'

export const rs = { ...ra, aula: { ...shell, account: { ...account, twoStep }, admin } } satisfies Messages
