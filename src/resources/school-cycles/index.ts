import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/school-cycles`: list, create and edit (requirements §7 catalogues). */
export const schoolCycles = catalogueResource('school-cycles', EventNoteOutlined, () => import('./config').then((m) => m.config))
