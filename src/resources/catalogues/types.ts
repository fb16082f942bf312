import type { ComponentType, ReactNode } from 'react'
import type { Catalogue } from '../../../contracts/admin/catalogues'

/** What makes one catalogue's screens: its own inputs and list columns, and its linked records. */
export interface CatalogueConfig {
  name: Catalogue | 'documents'
  /** The inputs of its create and edit forms. */
  Inputs: ComponentType<{ mode: 'create' | 'edit' }>
  /** List columns between the name and the last update. */
  columns?: Array<{ key: string; label: string; render: (row: Record<string, unknown>) => ReactNode }>
  /** Shown under the edit form: links to other records (a career's cycles and subjects). */
  Links?: ComponentType
  /** Actions above the edit form (publish a document). */
  EditActions?: ComponentType
}
