import type { SvgIconComponent } from '@mui/icons-material'
import AnalyticsOutlined from '@mui/icons-material/AnalyticsOutlined'
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined'
import DashboardOutlined from '@mui/icons-material/DashboardOutlined'
import LanguageOutlined from '@mui/icons-material/LanguageOutlined'
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined'
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined'
import ScienceOutlined from '@mui/icons-material/ScienceOutlined'
import type { Group } from '../../../contracts/groups'
import { inAnyGroup } from '../access/groups'

/** One menu entry: a link (`to`) or a submenu (`children`); `groups` says who sees it (none: everyone). */
export interface MenuEntry {
  key: string
  /** Translation key of the label. */
  label: string
  icon?: SvgIconComponent
  to?: string
  groups?: readonly Group[]
  children?: MenuEntry[]
}

const link = (key: string, section: string, to: string): MenuEntry => ({ key, label: `aula.menu.${section}.${key}`, to })

const MANAGEMENT = [
  'users',
  'groups',
  'courses',
  'categories',
  'collaborators',
  'difficulties',
  'certificates',
  'statuses',
  'analytics',
  'documents',
  'organizations',
] as const
const WEBSITE = ['careers', 'courses', 'carousel', 'news', 'blogs', 'analytics'] as const

/** Where a management entry leads: the monitoring screens hold the analytics. */
const managementPath = (key: (typeof MANAGEMENT)[number]) => (key === 'analytics' ? '/admin/monitoring' : `/admin/${key}`)

/** The menus of spec §2, filtered per user by `visibleMenu`. `site` is the website the website-admin menu edits. */
export function buildMenu(site: string): MenuEntry[] {
  return [
    { key: 'dashboard', label: 'aula.menu.dashboard', icon: DashboardOutlined, to: '/dashboard' },
    {
      key: 'creator',
      label: 'aula.menu.creator',
      icon: ConstructionOutlined,
      to: '/creator/courses',
      groups: ['creator', 'reviewer'],
    },
    {
      key: 'experimental',
      label: 'aula.menu.experimental.title',
      icon: ScienceOutlined,
      groups: ['experimental'],
      children: [{ ...link('aiAvatar', 'experimental', '/experimental/ai-avatars'), icon: AutoAwesomeOutlined }],
    },
    {
      key: 'management',
      label: 'aula.menu.management.title',
      icon: ManageAccountsOutlined,
      groups: ['admin'],
      children: MANAGEMENT.map((key) => link(key, 'management', managementPath(key))),
    },
    {
      key: 'website',
      label: 'aula.menu.website.title',
      icon: LanguageOutlined,
      groups: ['admin'],
      children: WEBSITE.map((key) => link(key, 'website', `/admin/${site}/${key}`)),
    },
    {
      key: 'finances',
      label: 'aula.menu.finances.title',
      icon: PaymentsOutlined,
      // Decision record: finance staff open the finance screens too.
      groups: ['admin', 'finances'],
      children: [
        { ...link('sales', 'finances', '/admin/finances/sales'), icon: PaymentsOutlined },
        { ...link('analytics', 'finances', '/admin/finances/analytics'), icon: AnalyticsOutlined },
      ],
    },
  ]
}

/** The entries this user may open; a submenu left with no entry is dropped. */
export function visibleMenu(entries: MenuEntry[], groups: readonly string[]): MenuEntry[] {
  return entries
    .filter((e) => inAnyGroup(groups, e.groups))
    .map((e) => (e.children ? { ...e, children: visibleMenu(e.children, groups) } : e))
    .filter((e) => !e.children || e.children.length > 0)
}
