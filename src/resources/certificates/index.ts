import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/certificates`: list, create and edit (requirements §7 catalogues). */
export const certificates = catalogueResource('certificates', WorkspacePremiumOutlined, () => import('./config').then((m) => m.config))
