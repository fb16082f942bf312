import SignalCellularAltOutlined from '@mui/icons-material/SignalCellularAltOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/difficulties`: list, create and edit (requirements §7 catalogues). */
export const difficulties = catalogueResource('difficulties', SignalCellularAltOutlined, () => import('./config').then((m) => m.config))
