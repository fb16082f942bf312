import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined'
import { Route } from 'react-router-dom'
import type { ResourceProps } from 'react-admin'
import { adminScreen } from '../adminScreen'

const Detail = adminScreen(() => import('./SubscriptionDetail').then((m) => m.SubscriptionDetail))

/** Subscriptions management (requirements §2): the list and `/admin/subscriptions/detail/{subscriptionId}/{courseId}`. */
export const subscriptions = {
  name: 'admin/subscriptions',
  list: adminScreen(() => import('./SubscriptionList').then((m) => m.SubscriptionList)),
  icon: CardMembershipOutlined,
  children: <Route path="detail/:subscriptionId/:courseId" element={<Detail />} />,
} satisfies ResourceProps
