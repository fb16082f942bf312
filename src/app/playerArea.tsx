import { screenGroups } from '../../contracts/screens'
import { GroupGate } from '../layout/access/GroupGate'
import { PlayerPage } from '../learner/player'

/**
 * The course player's chunk, apart from the rest of the learner area: the catalogue and the dashboard
 * never carry it. The player draws its own header, so it is routed without the chrome layout.
 */
export function Player() {
  return (
    <GroupGate groups={screenGroups('/galaxy') ?? ['general']}>
      <PlayerPage />
    </GroupGate>
  )
}
