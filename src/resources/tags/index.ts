import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/tags`: list, create and edit (requirements §7 catalogues). */
export const tags = catalogueResource('tags', LocalOfferOutlined, () => import('./config').then((m) => m.config))
