import FlagOutlined from '@mui/icons-material/FlagOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/statuses`: list, create and edit (requirements §7 catalogues). */
export const statuses = catalogueResource('statuses', FlagOutlined, () => import('./config').then((m) => m.config))
