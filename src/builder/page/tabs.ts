import type { ComponentType } from 'react'
import { GeneralForm } from '../general/GeneralForm'

export type BuilderTab = 'general' | 'media' | 'content' | 'faq' | 'tags' | 'plans' | 'collaborators' | 'publish'

/** The builder's tabs in order, each a route (`/creator/courses/{uuid}/{id}`). */
export const BUILDER_TABS: Array<{ id: BuilderTab; Panel: ComponentType }> = [{ id: 'general', Panel: GeneralForm }]
