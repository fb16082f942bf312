import type { UploadParamsReply } from '../../../contracts/storage/upload'
import type {
  AdminPost,
  AdminPostsQuery,
  FeaturedCourse,
  FeaturedCoursesReply,
  PostCreateBody,
  PostRevision,
  PostUpdateBody,
  Site,
  SiteAnalyticsQuery,
  SiteAnalyticsReply,
  SiteCareer,
  SiteCareersReply,
  SiteCreateBody,
  SiteUpdateBody,
  Slide,
  SlideCreateBody,
  SlidesReply,
  SlideUpdateBody,
} from '../../../contracts/website/website'
import type { UploadAsk } from '../../ui/upload'
import { httpClient } from '../http'

const admin = (site: string) => `/api/v2/admin/sites/${encodeURIComponent(site)}`
const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) })

/** The website editors' calls (`/api/v2/admin/sites`, docs/website.md) and the login screen's public slides. */
export interface WebsiteVerbs {
  listSites(): Promise<Site[]>
  createSite(body: SiteCreateBody): Promise<Site>
  updateSite(slug: string, body: SiteUpdateBody): Promise<Site>
  askSiteImageUpload(site: string, ask: UploadAsk, signal?: AbortSignal): Promise<UploadParamsReply>
  listSlides(site: string): Promise<SlidesReply>
  createSlide(site: string, body: SlideCreateBody): Promise<Slide>
  updateSlide(site: string, id: string, body: SlideUpdateBody): Promise<Slide>
  deleteSlide(site: string, id: string, revision: number): Promise<void>
  orderSlides(site: string, ids: string[], orderRevision: number): Promise<SlidesReply>
  listPosts(site: string, query: AdminPostsQuery): Promise<AdminPost[]>
  getPost(site: string, id: string): Promise<AdminPost>
  createPost(site: string, body: PostCreateBody): Promise<AdminPost>
  updatePost(site: string, id: string, body: PostUpdateBody): Promise<AdminPost>
  deletePost(site: string, id: string, revision: number): Promise<void>
  getPostRevisions(site: string, id: string): Promise<PostRevision[]>
  getFeaturedCourses(site: string): Promise<FeaturedCoursesReply>
  saveFeaturedCourses(site: string, courses: string[], revision: number): Promise<FeaturedCoursesReply>
  findFeaturedCourseCandidates(site: string, q: string, signal?: AbortSignal): Promise<FeaturedCourse[]>
  getSiteCareers(site: string): Promise<SiteCareersReply>
  saveSiteCareers(site: string, careers: string[], revision: number): Promise<SiteCareersReply>
  findSiteCareerCandidates(site: string, q: string, signal?: AbortSignal): Promise<SiteCareer[]>
  getSiteAnalytics(site: string, query: SiteAnalyticsQuery): Promise<SiteAnalyticsReply>
}

export const websiteVerbs: WebsiteVerbs = {
  async listSites() {
    return (await httpClient<{ items: Site[] }>('/api/v2/admin/sites')).json.items
  },
  async createSite(body) {
    return (await httpClient<{ Item: Site }>('/api/v2/admin/sites', json('POST', body))).json.Item
  },
  async updateSite(slug, body) {
    return (await httpClient<{ Item: Site }>(admin(slug), json('PUT', body))).json.Item
  },
  async askSiteImageUpload(site, ask, signal) {
    return (await httpClient<UploadParamsReply>(`${admin(site)}/uploads`, { ...json('POST', ask), signal })).json
  },
  async listSlides(site) {
    return (await httpClient<SlidesReply>(`${admin(site)}/slides`)).json
  },
  async createSlide(site, body) {
    return (await httpClient<{ Item: Slide }>(`${admin(site)}/slides`, json('POST', body))).json.Item
  },
  async updateSlide(site, id, body) {
    return (await httpClient<{ Item: Slide }>(`${admin(site)}/slides/${encodeURIComponent(id)}`, json('PUT', body))).json.Item
  },
  async deleteSlide(site, id, revision) {
    await httpClient(`${admin(site)}/slides/${encodeURIComponent(id)}?revision=${revision}`, { method: 'DELETE' })
  },
  async orderSlides(site, ids, orderRevision) {
    return (await httpClient<SlidesReply>(`${admin(site)}/slides-order`, json('PUT', { ids, orderRevision }))).json
  },
  async listPosts(site, query) {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value) params.set(key, value)
    return (await httpClient<{ items: AdminPost[] }>(`${admin(site)}/posts?${params}`)).json.items
  },
  async getPost(site, id) {
    return (await httpClient<{ Item: AdminPost }>(`${admin(site)}/posts/${encodeURIComponent(id)}`)).json.Item
  },
  async createPost(site, body) {
    return (await httpClient<{ Item: AdminPost }>(`${admin(site)}/posts`, json('POST', body))).json.Item
  },
  async updatePost(site, id, body) {
    return (await httpClient<{ Item: AdminPost }>(`${admin(site)}/posts/${encodeURIComponent(id)}`, json('PUT', body))).json.Item
  },
  async deletePost(site, id, revision) {
    await httpClient(`${admin(site)}/posts/${encodeURIComponent(id)}?revision=${revision}`, { method: 'DELETE' })
  },
  async getPostRevisions(site, id) {
    return (await httpClient<{ items: PostRevision[] }>(`${admin(site)}/posts/${encodeURIComponent(id)}/revisions`)).json.items
  },
  async getFeaturedCourses(site) {
    return (await httpClient<FeaturedCoursesReply>(`${admin(site)}/featured-courses`)).json
  },
  async saveFeaturedCourses(site, courses, revision) {
    return (await httpClient<FeaturedCoursesReply>(`${admin(site)}/featured-courses`, json('PUT', { courses, revision }))).json
  },
  async findFeaturedCourseCandidates(site, q, signal) {
    const query = new URLSearchParams({ q })
    return (await httpClient<{ items: FeaturedCourse[] }>(`${admin(site)}/featured-courses/candidates?${query}`, { signal })).json.items
  },
  async getSiteCareers(site) {
    return (await httpClient<SiteCareersReply>(`${admin(site)}/careers`)).json
  },
  async saveSiteCareers(site, careers, revision) {
    return (await httpClient<SiteCareersReply>(`${admin(site)}/careers`, json('PUT', { careers, revision }))).json
  },
  async findSiteCareerCandidates(site, q, signal) {
    const query = new URLSearchParams({ q })
    return (await httpClient<{ items: SiteCareer[] }>(`${admin(site)}/careers/candidates?${query}`, { signal })).json.items
  },
  async getSiteAnalytics(site, query) {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value) params.set(key, value)
    return (await httpClient<SiteAnalyticsReply>(`${admin(site)}/analytics?${params}`)).json
  },
}
