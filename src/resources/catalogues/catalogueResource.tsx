import type { SvgIconComponent } from '@mui/icons-material'
import type { ResourceProps } from 'react-admin'
import { adminScreen } from '../adminScreen'
import type { CatalogueConfig } from './types'

/**
 * The react-admin resource of a catalogue: list, create and edit, loaded with the catalogue's own
 * inputs on first use.
 */
export function catalogueResource(name: CatalogueConfig['name'], icon: SvgIconComponent, config: () => Promise<CatalogueConfig>): ResourceProps {
  return {
    name: `admin/${name}`,
    icon,
    recordRepresentation: 'name',
    list: adminScreen(async () => {
      const [{ CatalogueList }, c] = await Promise.all([import('./CatalogueList'), config()])
      return () => <CatalogueList config={c} />
    }),
    create: adminScreen(async () => {
      const [{ CatalogueCreate }, c] = await Promise.all([import('./CatalogueForms'), config()])
      return () => <CatalogueCreate config={c} />
    }),
    edit: adminScreen(async () => {
      const [{ CatalogueEdit }, c] = await Promise.all([import('./CatalogueForms'), config()])
      return () => <CatalogueEdit config={c} />
    }),
  }
}
