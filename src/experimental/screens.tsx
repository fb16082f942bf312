import { LinearProgress } from '@mui/material'
import { Suspense } from 'react'
import { screenGroups } from '../../contracts/screens'
import { GroupGate } from '../layout/access/GroupGate'
import { AvatarsPage } from './avatars/AvatarsPage'
import { WithAvatarsTexts } from './avatars/AvatarsTexts'

/** `/experimental/ai-avatars`: for the groups the screen table names, drawn once its texts are loaded. */
export const AiAvatarsScreen = () => (
  <GroupGate groups={screenGroups('/experimental/ai-avatars') ?? ['experimental']}>
    <Suspense fallback={<LinearProgress aria-hidden="true" />}>
      <WithAvatarsTexts>
        <AvatarsPage />
      </WithAvatarsTexts>
    </Suspense>
  </GroupGate>
)
