import SchoolOutlined from '@mui/icons-material/SchoolOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/careers`: list, create and edit, with the linked school cycles and subjects. */
export const careers = catalogueResource('careers', SchoolOutlined, () => import('./config').then((m) => m.config))
