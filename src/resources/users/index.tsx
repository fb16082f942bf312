import PeopleOutlined from '@mui/icons-material/PeopleOutlined'
import type { ResourceProps } from 'react-admin'
import { Route } from 'react-router-dom'
import { adminScreen } from '../adminScreen'

const Update = adminScreen(() => import('./UserUpdate').then((m) => m.UserUpdate))
const Import = adminScreen(() => import('./UserImport').then((m) => m.UserImport))

/** Users management: the list, create, `/admin/users/update/{username}/{email}` and the bulk import. */
export const users = {
  name: 'admin/users',
  list: adminScreen(() => import('./UserList').then((m) => m.UserList)),
  create: adminScreen(() => import('./UserCreate').then((m) => m.UserCreate)),
  icon: PeopleOutlined,
  recordRepresentation: 'email',
  children: [<Route key="update" path="update/:username/:email" element={<Update />} />, <Route key="import" path="import" element={<Import />} />],
} satisfies ResourceProps
