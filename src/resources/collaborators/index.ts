import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/collaborators`: list, create and edit (requirements §7 catalogues). */
export const collaborators = catalogueResource('collaborators', Diversity3Outlined, () => import('./config').then((m) => m.config))
