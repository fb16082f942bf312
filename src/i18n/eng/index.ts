import type { Messages } from '../mx'
import { ra } from './ra'
import { shell } from './shell'
import { account } from './account'
import { admin } from './admin'

export const eng = { ...ra, aula: { ...shell, account, admin } } satisfies Messages
