import CorporateFareOutlined from '@mui/icons-material/CorporateFareOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/organizations`: list, create and edit (requirements §7 catalogues). */
export const organizations = catalogueResource('organizations', CorporateFareOutlined, () => import('./config').then((m) => m.config))
