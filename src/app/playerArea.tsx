import { screenGroups } from '../../contracts/screens'
import { GroupGate } from '../layout/access/GroupGate'
import { DiscussionPage, ThreadPage } from '../learner/discussions'
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

/**
 * A course's discussion, in the player's chunk (it shares the player's texts). Course staff open it
 * without a subscription, so creators, reviewers and administrators pass the gate too; the API
 * decides who reads which course (decision 0034).
 */
export function Discussion() {
  return (
    <GroupGate groups={screenGroups('/galaxy/courses/discussions') ?? ['general']}>
      <DiscussionPage />
    </GroupGate>
  )
}

export function DiscussionThread() {
  return (
    <GroupGate groups={screenGroups('/galaxy/courses/discussions') ?? ['general']}>
      <ThreadPage />
    </GroupGate>
  )
}
