import ArticleOutlined from '@mui/icons-material/ArticleOutlined'
import { catalogueResource } from '../catalogues/catalogueResource'

/** `/admin/documents`: the documents readers see (terms of use …), edited as rich text and published. */
export const documents = catalogueResource('documents', ArticleOutlined, () => import('./config').then((m) => m.config))
