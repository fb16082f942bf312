import { landingPath } from '../../../contracts/screens'
import { storedGroups } from '../../authProvider'

/** Where the signed-in user lands by default, from the stored session's groups (`landingPath`). */
export function signedInHome(): string {
  return landingPath(storedGroups())
}
