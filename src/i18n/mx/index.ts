import { ra } from './ra'
import { shell } from './shell'
import { account } from './account'

/** The default catalogue (Spanish, code mx): its shape is the type every other catalogue satisfies. */
export const mx = { ...ra, aula: { ...shell, account } }

export type Messages = typeof mx
