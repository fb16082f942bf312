import type { ComponentType } from 'react'
import { CollaboratorsTab } from '../collaborators/CollaboratorsTab'
import { FaqTab } from '../faq/FaqTab'
import { GradebookTab } from '../gradebook/GradebookTab'
import { GeneralForm } from '../general/GeneralForm'
import { MediaTab } from '../media/MediaTab'
import { ContentTab } from './ContentTab'
import { PlansTab } from '../plans/PlansTab'
import { PublishTab } from '../publish/PublishTab'
import { TagsTab } from '../tags/TagsTab'
import { GradingTab } from '../grading/GradingTab'
import { BanksTab } from '../banks/BanksTab'

export type BuilderTab = 'general' | 'media' | 'content' | 'banks' | 'faq' | 'tags' | 'plans' | 'collaborators' | 'grading' | 'gradebook' | 'publish'

/** The builder's tabs in order, each a route (`/creator/courses/{uuid}/{id}`). */
export const BUILDER_TABS: Array<{ id: BuilderTab; Panel: ComponentType }> = [
  { id: 'general', Panel: GeneralForm },
  { id: 'media', Panel: MediaTab },
  { id: 'content', Panel: ContentTab },
  { id: 'banks', Panel: BanksTab },
  { id: 'faq', Panel: FaqTab },
  { id: 'tags', Panel: TagsTab },
  { id: 'plans', Panel: PlansTab },
  { id: 'collaborators', Panel: CollaboratorsTab },
  { id: 'grading', Panel: GradingTab },
  { id: 'gradebook', Panel: GradebookTab },
  { id: 'publish', Panel: PublishTab },
]
