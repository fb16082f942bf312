import simpleRestProvider from 'ra-data-simple-rest'
import type { DataProvider } from 'react-admin'
import type { DocumentItem, DocumentResponse } from '../../contracts/documents'
import type { MailPreferences, MailPreferencesUpdate } from '../../contracts/mail'
import type { UserCoursesPage, UserSubscriptionsPage } from '../../contracts/subscriptions'
import type { AdminVerbs } from './admin'
import { httpClient } from './http'
import type { BuilderVerbs } from './verbs/builder'
import type { DiscussionVerbs } from './verbs/discussions'
import type { ExperimentalVerbs } from './verbs/experimental'
import type { InsightsVerbs } from './verbs/insights'
import type { LearnerVerbs } from './verbs/learner'
import type { OrganizationVerbs } from './verbs/organizations'
import { notificationVerbs, type NotificationVerbs } from './verbs/notifications'
import type { WebsiteVerbs } from './verbs/website'

export type { CatalogueLink, TokenListMeta } from './admin'
export type { FinanceFilter } from './verbs/insights'
export { httpClient, ApiError, errorFor } from './http'

/**
 * Every call a screen makes: react-admin's CRUD, and the calls that are not CRUD typed once as verbs,
 * one module per area (`./admin/`, `./verbs/`). Screens use them through `useDataProvider<AppDataProvider>()`;
 * code outside React receives the provider as an argument.
 */
export interface AppDataProvider
  extends
    DataProvider,
    AdminVerbs,
    LearnerVerbs,
    BuilderVerbs,
    InsightsVerbs,
    ExperimentalVerbs,
    NotificationVerbs,
    DiscussionVerbs,
    WebsiteVerbs,
    OrganizationVerbs {
  getUserSubscriptions(page: number): Promise<UserSubscriptionsPage>
  getUserCourses(paginationToken: string): Promise<UserCoursesPage>
  /** A published document (`GET /api/documents/{id}`) in `locale`, or in the default language where it has no translation. */
  getDocument(id: string, locale: string): Promise<DocumentItem>
  /** The caller's choices about the mail sent unasked (`/api/v2/user/mail-preferences`). */
  getMailPreferences(): Promise<MailPreferences>
  setMailPreferences(changes: MailPreferencesUpdate): Promise<MailPreferences>
}

const base = simpleRestProvider('/api', (url, options) => httpClient(url, options as RequestInit))

/**
 * An area's verbs, its module downloaded at the first call of any of them, so that no screen carries
 * another area's calls. `names` lists every verb of the module (the type checks that none is missing).
 */
function lazyVerbs<V extends object>(load: () => Promise<V>, names: Record<keyof V, true>): V {
  const verbs: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
  for (const name of Object.keys(names)) {
    verbs[name] = async (...args) => ((await load()) as Record<string, (...a: unknown[]) => Promise<unknown>>)[name](...args)
  }
  return verbs as V
}

/**
 * The administration resources (`admin/...`, named after their screen paths) and their verbs live in
 * `./admin/`, loaded on first use so that the public screens do not carry them.
 */
const admin = () => import('./admin')
const isAdmin = (resource: string) => resource.startsWith('admin/')

const adminVerbs = lazyVerbs<AdminVerbs>(async () => (await admin()).adminVerbs, {
  getUserGroups: true,
  setUserGroups: true,
  getUserDevices: true,
  getUserSubscriptionsOf: true,
  supportAction: true,
  previewImport: true,
  startImport: true,
  getImportJobs: true,
  getImportJob: true,
  getImportJobRows: true,
  revokeSubscription: true,
  liftSubscriptionBlock: true,
  linkCatalogue: true,
  askCatalogueUpload: true,
  publishDocument: true,
  markDocumentUpToDate: true,
  exportAuditCsv: true,
  getMigrations: true,
  getAdminCourses: true,
  getAdminCourse: true,
  cloneCourse: true,
  getSubscriptors: true,
  getSubscriptorsEstimate: true,
  addSubscriptor: true,
  getLearnerSubscriptions: true,
  getLearnerForms: true,
  getFormAttempt: true,
  getLearnerCertificate: true,
  revokeCertificate: true,
  getAll: true,
})

const learnerVerbs = lazyVerbs<LearnerVerbs>(async () => (await import('./verbs/learner')).learnerVerbs, {
  getCatalogue: true,
  getCatalogueFilters: true,
  getCourseOverview: true,
  getCourseFaq: true,
  getCourseCollaborators: true,
  getCoursePlans: true,
  subscribe: true,
  startCheckout: true,
  getCourseProgress: true,
  getMyGrades: true,
  getPlayerIndex: true,
  getPlayerPage: true,
  recordOpened: true,
  reportPosition: true,
  requestForm: true,
  submitForm: true,
  getMyAssignment: true,
  askAssignmentUpload: true,
  submitAssignment: true,
  startFormAttempt: true,
  saveFormAnswers: true,
  submitFormAttempt: true,
  getFormSummary: true,
  downloadCertificate: true,
  downloadBadge: true,
  downloadReceipt: true,
  verifyCertificate: true,
  certificateBadge: true,
  getScormState: true,
  launchSco: true,
  commitSco: true,
  issuerKeys: true,
  statusListJwt: true,
})

const builderVerbs = lazyVerbs<BuilderVerbs>(async () => (await import('./verbs/builder')).builderVerbs, {
  startCourse: true,
  getGradingQueue: true,
  getSubmission: true,
  gradeSubmission: true,
  returnSubmission: true,
  getEssayQueue: true,
  gradeEssay: true,
  getCreatorCourses: true,
  countCreatorCourses: true,
  getCourseDraft: true,
  getCourseChoices: true,
  askMediaUpload: true,
  findCreators: true,
  askCartridgeUpload: true,
  importCartridge: true,
  getImportReport: true,
  dismissImportReport: true,
  validateCourse: true,
  publishCourse: true,
  getCourseContent: true,
  getBlockHistory: true,
  getCourseReview: true,
  getQuestionBanks: true,
  askResourceUpload: true,
  getGradebook: true,
  getGradeWeights: true,
  downloadGradebook: true,
  sendCourseWrite: true,
})

const insightsVerbs = lazyVerbs<InsightsVerbs>(async () => (await import('./verbs/insights')).insightsVerbs, {
  getServerVersion: true,
  getStoredDocuments: true,
  getStorageSize: true,
  getCostAndUsage: true,
  getCostForecast: true,
  getRealtimeUsers: true,
  getActiveLearners: true,
  getSubscriptionSeries: true,
  getCompletion: true,
  getTopCourses: true,
  getSalesSeries: true,
  getSalesByCourse: true,
  getSalesByPlan: true,
  getSalesTotals: true,
  getSalesList: true,
  getSalesCsv: true,
  getSale: true,
  downloadSaleReceipt: true,
  refundSale: true,
})

const experimentalVerbs = lazyVerbs<ExperimentalVerbs>(async () => (await import('./verbs/experimental')).experimentalVerbs, {
  askAvatarPhotoUpload: true,
  createAvatarRequest: true,
  listAvatarRequests: true,
  listAvatarNodes: true,
})

const discussionVerbs = lazyVerbs<DiscussionVerbs>(async () => (await import('./verbs/discussions')).discussionVerbs, {
  listThreads: true,
  startThread: true,
  getThread: true,
  listReplies: true,
  replyToThread: true,
  editPost: true,
  acceptAnswer: true,
  followThread: true,
  moderateThread: true,
  hidePost: true,
  reportPost: true,
  listReported: true,
  getDiscussionStaff: true,
})
const websiteVerbs = lazyVerbs<WebsiteVerbs>(async () => (await import('./verbs/website')).websiteVerbs, {
  listSites: true,
  createSite: true,
  updateSite: true,
  askSiteImageUpload: true,
  listSlides: true,
  createSlide: true,
  updateSlide: true,
  deleteSlide: true,
  orderSlides: true,
  listPosts: true,
  getPost: true,
  createPost: true,
  updatePost: true,
  deletePost: true,
  getPostRevisions: true,
  getFeaturedCourses: true,
  saveFeaturedCourses: true,
  findFeaturedCourseCandidates: true,
  getSiteCareers: true,
  saveSiteCareers: true,
  findSiteCareerCandidates: true,
  getSiteAnalytics: true,
})

const organizationVerbs = lazyVerbs<OrganizationVerbs>(async () => (await import('./verbs/organizations')).organizationVerbs, {
  getManagedOrganization: true,
  getOrganizationSeats: true,
  getOrganizationPeople: true,
  getOrganizationPerson: true,
  subscribeOrganizationPerson: true,
  downloadOrganizationReport: true,
})

export const dataProvider: AppDataProvider = {
  ...base,
  getList: async (resource, params) => (isAdmin(resource) ? (await admin()).adminProvider.getList(resource, params) : base.getList(resource, params)),
  getOne: async (resource, params) => (isAdmin(resource) ? (await admin()).adminProvider.getOne(resource, params) : base.getOne(resource, params)),
  create: async (resource, params) => (isAdmin(resource) ? (await admin()).adminProvider.create(resource, params) : base.create(resource, params)),
  update: async (resource, params) => (isAdmin(resource) ? (await admin()).adminProvider.update(resource, params) : base.update(resource, params)),
  ...adminVerbs,
  ...learnerVerbs,
  ...builderVerbs,
  ...insightsVerbs,
  ...experimentalVerbs,
  ...discussionVerbs,
  ...websiteVerbs,
  ...organizationVerbs,
  // Small and used by the top bar on every screen: not lazy.
  ...notificationVerbs,
  async getUserSubscriptions(page) {
    return (await httpClient<UserSubscriptionsPage>(`/api/v2/user/subscriptions?page=${page}`)).json
  },
  async getUserCourses(paginationToken) {
    return (await httpClient<UserCoursesPage>(`/api/v2/user/courses?paginationToken=${encodeURIComponent(paginationToken)}`)).json
  },
  async getDocument(id, locale) {
    const query = new URLSearchParams({ locale })
    const { json } = await httpClient<DocumentResponse>(`/api/documents/${encodeURIComponent(id)}?${query}`, { anonymous: true })
    return json.Item
  },
  async getMailPreferences() {
    return (await httpClient<MailPreferences>('/api/v2/user/mail-preferences')).json
  },
  async setMailPreferences(changes) {
    return (await httpClient<MailPreferences>('/api/v2/user/mail-preferences', { method: 'PUT', body: JSON.stringify(changes) })).json
  },
}
