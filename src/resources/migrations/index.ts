import StorageOutlined from '@mui/icons-material/StorageOutlined'
import type { ResourceProps } from 'react-admin'
import { adminScreen } from '../adminScreen'

/** `/admin/support/migrations`: which database migrations the server has applied. */
export const migrations = {
  name: 'admin/support/migrations',
  list: adminScreen(() => import('./Migrations').then((m) => m.Migrations)),
  icon: StorageOutlined,
} satisfies ResourceProps
