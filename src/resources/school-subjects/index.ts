import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/school-subjects`: list, create and edit, with the linked courses. */
export const schoolSubjects = catalogueResource('school-subjects', MenuBookOutlined, () => import('./config').then((m) => m.config))
