import type { ResourceProps } from 'react-admin'
import { audit } from './audit'
import { careers } from './careers'
import { categories } from './categories'
import { certificates } from './certificates'
import { collaborators } from './collaborators'
import { courses } from './courses'
import { difficulties } from './difficulties'
import { documents } from './documents'
import { groups } from './groups'
import { migrations } from './migrations'
import { organizations } from './organizations'
import { schoolCycles } from './school-cycles'
import { schoolSubjects } from './school-subjects'
import { statuses } from './statuses'
import { subscriptions } from './subscriptions'
import { tags } from './tags'
import { users } from './users'

/**
 * The administration area (requirements §2 admin screens) as react-admin resources, named after their
 * screen paths. Every screen is loaded on first use; App.tsx spreads each into a `<Resource>`.
 */
export const adminResources: ResourceProps[] = [
  users,
  groups,
  courses,
  subscriptions,
  categories,
  collaborators,
  tags,
  difficulties,
  certificates,
  organizations,
  statuses,
  schoolCycles,
  careers,
  schoolSubjects,
  documents,
  audit,
  migrations,
]
