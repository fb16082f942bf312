import CategoryOutlined from '@mui/icons-material/CategoryOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/categories`: list, create and edit (requirements §7 catalogues). */
export const categories = catalogueResource('categories', CategoryOutlined, () => import('./config').then((m) => m.config))
