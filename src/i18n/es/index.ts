import type { Messages } from '../mx'
import { ra } from './ra'
import { shell } from './shell'
import { account } from './account'

export const es = { ...ra, aula: { ...shell, account } } satisfies Messages
