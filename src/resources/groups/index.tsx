import GroupsOutlined from '@mui/icons-material/GroupsOutlined'
import type { ResourceProps } from 'react-admin'
import { adminScreen } from '../adminScreen'

/** Groups: the list and each group's members (its show route). */
export const groups = {
  name: 'admin/groups',
  list: adminScreen(() => import('./GroupList').then((m) => m.GroupList)),
  show: adminScreen(() => import('./GroupUsers').then((m) => m.GroupUsers)),
  icon: GroupsOutlined,
  recordRepresentation: 'name',
} satisfies ResourceProps
