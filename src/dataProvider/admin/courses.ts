import type { CountResponse, EstimatedResponse } from '../../../contracts/admin/common'
import type { AddSubscriptorBody, AdminSubscription, AdminSubscriptionResponse } from '../../../contracts/admin/subscriptions'
import type {
  AdminCourse,
  AdminCourseResponse,
  AdminCoursesPage,
  CloneCourseBody,
  CloneCourseResponse,
  FormAttemptDetail,
  FormAttemptDetailResponse,
  FormDetailBody,
  LearnerForms,
  LearnerSubscriptions,
  SubscriptorsBody,
  SubscriptorsPage,
} from '../../../contracts/courses/admin'
import type { AdminCertificate, AdminCertificateResponse, CertificateReasonBody } from '../../../contracts/admin/certificates'
import { httpClient } from '../http'
import { enc, json } from './common'

/** The admin course screens (requirements §7 "Courses (admin)"): the list, a course, its subscriptors and a learner's forms. */

/** An empty search is the route without its last segment. */
const tail = (page: number, search: string) => (search.trim() ? `${page}/${enc(search.trim())}` : String(page))

export const courseVerbs = {
  async getAdminCourses(page: number, search: string): Promise<AdminCoursesPage & CountResponse> {
    const [list, count] = await Promise.all([
      httpClient<AdminCoursesPage>(`/api/v2/admin/courses/all/${tail(page, search)}`),
      httpClient<CountResponse>(`/api/v2/admin/courses/count/${tail(page, search)}`),
    ])
    return { ...list.json, ...count.json }
  },
  async getAdminCourse(id: string): Promise<AdminCourse> {
    return (await httpClient<AdminCourseResponse>(`/api/v2/admin/courses/course/${enc(id)}`)).json.Item
  },
  async cloneCourse(uuid: string): Promise<CloneCourseResponse> {
    const body: CloneCourseBody = { uuid }
    return (await httpClient<CloneCourseResponse>('/api/v2/admin/courses/course/clone', { method: 'POST', body: json(body) })).json
  },
  async getSubscriptors(uuid: string, revision: number, page: number, search: string): Promise<SubscriptorsPage> {
    const body: SubscriptorsBody = { uuid, revision, page, search: search.trim() }
    return (await httpClient<SubscriptorsPage>('/api/admin/courses/course/subscriptors', { method: 'POST', body: json(body) })).json
  },
  async getSubscriptorsEstimate(uuid: string): Promise<number> {
    return (await httpClient<EstimatedResponse>(`/api/admin/courses/course/subscriptors/estimated/${enc(uuid)}`)).json.estimated
  },
  /** Subscribes a learner (username or e-mail) with one of the course's plans. */
  async addSubscriptor(uuid: string, revision: number, plan: string, user: string): Promise<AdminSubscription> {
    const body: AddSubscriptorBody = { uuid, revision, subscription: plan, user: user.trim() }
    return (await httpClient<AdminSubscriptionResponse>('/api/admin/courses/course/subscriptors/add', { method: 'POST', body: json(body) })).json.Item
  },
  async getLearnerSubscriptions(uuid: string, user: string): Promise<LearnerSubscriptions> {
    return (await httpClient<LearnerSubscriptions>(`/api/admin/courses/course/subscriptions/${enc(uuid)}/${enc(user)}`)).json
  },
  async getLearnerForms(uuid: string, user: string): Promise<LearnerForms> {
    return (await httpClient<LearnerForms>(`/api/admin/courses/user/forms/${enc(uuid)}/${enc(user)}`)).json
  },
  /** The learner's (username or e-mail) certificate of the course, or null when none was issued. */
  async getLearnerCertificate(uuid: string, user: string): Promise<AdminCertificate | null> {
    return (await httpClient<AdminCertificateResponse>(`/api/v2/admin/certificates/course/${enc(uuid)}/${enc(user)}`)).json.Item
  },
  /** Revokes a certificate (or, with `restore`, restores a revoked one) with the reason. */
  async revokeCertificate(code: string, reason: string, restore = false): Promise<AdminCertificate> {
    const body: CertificateReasonBody = { reason: reason.trim() }
    const url = `/api/v2/admin/certificates/${enc(code)}/${restore ? 'restore' : 'revoke'}`
    return (await httpClient<AdminCertificateResponse>(url, { method: 'PUT', body: json(body) })).json.Item!
  },
  async getFormAttempt(course: string, id: string): Promise<FormAttemptDetail> {
    const body: FormDetailBody = { course, id }
    return (await httpClient<FormAttemptDetailResponse>('/api/admin/courses/forms/detail', { method: 'POST', body: json(body) })).json.Item
  },
}
