import type { SvgIconComponent } from '@mui/icons-material'
import AnalyticsOutlined from '@mui/icons-material/AnalyticsOutlined'
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined'
import DashboardOutlined from '@mui/icons-material/DashboardOutlined'
import CorporateFareOutlined from '@mui/icons-material/CorporateFareOutlined'
import LanguageOutlined from '@mui/icons-material/LanguageOutlined'
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined'
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined'
import ScienceOutlined from '@mui/icons-material/ScienceOutlined'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined'
import { managedHosts, organizationScreenHost, screenGroups } from '../../../contracts/screens'
import { inAnyGroup } from '../access/groups'

/**
 * One menu entry: a link (`to`) or a submenu (`children`). Who sees a link is not written here: it is
 * whoever may open its target in the screen table (`screenGroups` of `contracts/policy.ts`).
 */
export interface MenuEntry {
  key: string
  /** Translation key of the label. */
  label: string
  /** Values of the label's placeholders. */
  labelOptions?: Record<string, string>
  icon?: SvgIconComponent
  to?: string
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
/**
 * The other administration screens of requirements §2, after the requirements' Management entries so that the menu
 * reaches every admin screen; their labels live in the admin catalogue.
 */
const MANAGEMENT_MORE = ['subscriptions', 'tags', 'school-cycles', 'careers', 'school-subjects', 'audit', 'migrations'] as const
const managementMore = (key: (typeof MANAGEMENT_MORE)[number]): MenuEntry => ({
  key,
  label: `aula.admin.menu.${key}`,
  to: key === 'migrations' ? '/admin/support/migrations' : `/admin/${key}`,
})
const WEBSITE = ['careers', 'courses', 'carousel', 'news', 'blogs', 'documents', 'organizationChart', 'socialNetworks', 'analytics'] as const
/**
 * Requirements §2: several website entries share one target. Documents, Organization Chart and Social
 * Networks open the news screen filtered by their category; the others open their own screen.
 */
const WEBSITE_CATEGORY: Partial<Record<(typeof WEBSITE)[number], string>> = {
  documents: 'documents',
  organizationChart: 'organization-chart',
  socialNetworks: 'social-networks',
}
const websitePath = (site: string, key: (typeof WEBSITE)[number]) => {
  const category = WEBSITE_CATEGORY[key]
  return category ? `/admin/${site}/news?category=${category}` : `/admin/${site}/${key}`
}

/** Where a management entry leads: the monitoring screens hold the analytics. */
const managementPath = (key: (typeof MANAGEMENT)[number]) => (key === 'analytics' ? '/admin/monitoring' : `/admin/${key}`)

/** An organisation's managers' screen, one entry per organisation whose group the user is in (decision 0038). */
const organizationEntry = (host: string): MenuEntry => ({
  key: `organization-${host}`,
  label: 'aula.menu.organization',
  labelOptions: { host },
  icon: CorporateFareOutlined,
  to: `/admin/${host}`,
})

/**
 * The menus of requirements §2, filtered per user by `visibleMenu`. `site` is the website the website-admin menu edits;
 * `groups` give the organisations the user manages.
 */
export function buildMenu(site: string, groups: readonly string[] = []): MenuEntry[] {
  return [
    { key: 'dashboard', label: 'aula.menu.dashboard', icon: DashboardOutlined, to: '/dashboard' },
    ...managedHosts(groups).map(organizationEntry),
    {
      key: 'creator',
      label: 'aula.menu.creator',
      icon: ConstructionOutlined,
      to: '/creator/courses',
    },
    {
      key: 'experimental',
      label: 'aula.menu.experimental.title',
      icon: ScienceOutlined,
      children: [{ ...link('aiAvatar', 'experimental', '/experimental/ai-avatars'), icon: AutoAwesomeOutlined }],
    },
    {
      key: 'management',
      label: 'aula.menu.management.title',
      icon: ManageAccountsOutlined,
      children: [...MANAGEMENT.map((key) => link(key, 'management', managementPath(key))), ...MANAGEMENT_MORE.map(managementMore)],
    },
    {
      key: 'website',
      label: 'aula.menu.website.title',
      icon: LanguageOutlined,
      children: WEBSITE.map((key) => link(key, 'website', websitePath(site, key))),
    },
    {
      key: 'finances',
      label: 'aula.menu.finances.title',
      icon: PaymentsOutlined,
      children: [
        // The landing page of finance staff (totals and links).
        { ...link('overview', 'finances', '/admin/finances'), icon: SpaceDashboardOutlined },
        { ...link('sales', 'finances', '/admin/finances/sales'), icon: PaymentsOutlined },
        { ...link('analytics', 'finances', '/admin/finances/analytics'), icon: AnalyticsOutlined },
      ],
    },
    // The account settings, open to everyone signed in (and otherwise only behind the avatar menu).
    { key: 'settings', label: 'aula.menu.settings', icon: SettingsOutlined, to: '/settings/profile' },
  ]
}

/**
 * The entries this user may open: a link when the user's groups may open its target screen, a
 * submenu when at least one of its links is left.
 */
export function visibleMenu(entries: MenuEntry[], groups: readonly string[]): MenuEntry[] {
  return entries.flatMap((e) => {
    if (e.children) {
      const children = visibleMenu(e.children, groups)
      return children.length > 0 ? [{ ...e, children }] : []
    }
    if (!e.to) return [e]
    const host = organizationScreenHost(e.to)
    if (host) return groups.includes(host) || groups.includes('admin') ? [e] : []
    return inAnyGroup(groups, screenGroups(e.to)) ? [e] : []
  })
}
