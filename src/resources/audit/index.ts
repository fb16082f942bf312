import HistoryOutlined from '@mui/icons-material/HistoryOutlined'
import type { ResourceProps } from 'react-admin'
import { adminScreen } from '../adminScreen'

/** `/admin/audit`: the append-only log of admin writes. */
export const audit = {
  name: 'admin/audit',
  list: adminScreen(() => import('./AuditList').then((m) => m.AuditList)),
  icon: HistoryOutlined,
} satisfies ResourceProps
