import type { GradeBody, GradeResponse, GradingQueue, GradingQueueQuery, ReturnBody, StaffSubmission } from '../../../contracts/learner/assignments'
import type { CartridgeImportResponse, CartridgeUploadBody, ImportReportResponse } from '../../../contracts/courses/cartridge'
import type {
  ContentTree,
  HistoryResponse,
  PublishResponse,
  QuestionBanksResponse,
  ResourceBlockKind,
  ReviewCourseResponse,
  UploadParamsResponse,
  ValidationResponse,
} from '../../../contracts/courses/content'
import type {
  ChoiceCatalogue,
  ChoicesResponse,
  CourseCountResponse,
  CourseDraft,
  CourseDraftResponse,
  CourseFilter,
  CourseListResponse,
  InvitableList,
  StartResponse,
  UploadParams,
  UploadParamsBody,
} from '../../../contracts/courses/creator'
import type { EssayGradeBody, EssayGradeResponse, EssayQueuePage, EssayQueueQuery } from '../../../contracts/courses/essays'
import type { GradebookExportQuery, GradebookPage, GradebookQuery, WeightsResponse } from '../../../contracts/courses/gradebook'
import { downloadFile } from '../download'
import { CREATOR_API, MEDIA_ROUTE, type ContentWrite, type MediaKind } from '../builderWrites'
import { httpClient } from '../http'

/**
 * The course builder's verbs (requirements §7 "Course creator", `/api/v2/courses/creator/...`): the reads
 * the builder screens make, upload parameters, publishing, and sending one write of the saver's queue.
 */
const get = async <T>(path: string): Promise<T> => (await httpClient<T>(`${CREATOR_API}/${path}`)).json
const post = async <T>(path: string, body: unknown): Promise<T> =>
  (await httpClient<T>(`${CREATOR_API}/${path}`, { method: 'POST', body: JSON.stringify(body) })).json
const segment = encodeURIComponent
/** Grading assignments (course staff: capability 'grade'). */
const GRADING_API = '/api/v2/courses/assignments/grading'
/** Grading the essays of submitted form attempts (course staff: capability 'grade'). */
const ESSAYS_API = '/api/v2/courses/grading/essays'

/** The list's path: `all/{page}[/{filter}[/{search}]]` (and the same under `count/`). */
function listPath(kind: 'all' | 'count', page: number, filter: CourseFilter, search: string) {
  const trimmed = search.trim()
  return `${kind}/${page}/${filter}${trimmed ? `/${segment(trimmed)}` : ''}`
}

/** The gradebook's routes (`/api/v2/courses/gradebook/{course}`). */
export const GRADEBOOK_API = '/api/v2/courses/gradebook'
const queryOf = (q: Partial<GradebookQuery>) => {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export const builderVerbs = {
  /** `POST start {name}`: the caller's new draft. */
  startCourse: (name: string) => post<StartResponse>('start', { name }),
  /** One page (from 1) of the courses the filter gives. */
  getCreatorCourses: (page: number, filter: CourseFilter, search = '') => get<CourseListResponse>(listPath('all', page, filter, search)),
  countCreatorCourses: (filter: CourseFilter, search = '') => get<CourseCountResponse>(listPath('count', 1, filter, search)),
  /** The draft; 404 'Not authorized!' when the caller has no role on it or it does not exist. */
  getCourseDraft: async (uuid: string): Promise<CourseDraft> => (await get<CourseDraftResponse>(`builder/${segment(uuid)}`)).Item,
  getCourseChoices: async (kind: ChoiceCatalogue) => (await get<ChoicesResponse>(`${kind}/all`)).items,
  /** Upload parameters for one of the course's media (`...-par`). */
  askMediaUpload: (kind: MediaKind, body: UploadParamsBody) => post<UploadParams>(`builder/${MEDIA_ROUTE[kind]}-par`, body),
  /** Creators one may invite (legacy `share/creators/{id}?search=`). */
  findCreators: (uuid: string, search: string) =>
    get<InvitableList>(`builder/share/creators/${segment(uuid)}${search.trim() ? `?search=${segment(search.trim())}` : ''}`),
  /** Upload parameters for a Common Cartridge to import (`import/cartridge-par`). */
  askCartridgeUpload: (body: CartridgeUploadBody) => post<UploadParams>('import/cartridge-par', body),
  /** `POST import/cartridge {path}`: the new draft made from the uploaded cartridge, with its report. */
  importCartridge: (path: string) => post<CartridgeImportResponse>('import/cartridge', { path }),
  /** What the import that made this draft reported (null: not imported, or dismissed). */
  getImportReport: (uuid: string) => get<ImportReportResponse>(`import/report/${segment(uuid)}`),
  async dismissImportReport(uuid: string): Promise<void> {
    await httpClient(`${CREATOR_API}/import/report/${segment(uuid)}`, { method: 'DELETE' })
  },
  /** A page of the course's grading queue (course staff). */
  getGradingQueue: async (course: string, query: GradingQueueQuery): Promise<GradingQueue> => {
    const params = new URLSearchParams(
      Object.entries(query)
        .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
        .map(([k, v]) => [k, String(v)]),
    )
    return (await httpClient<GradingQueue>(`${GRADING_API}/queue/${segment(course)}?${params}`)).json
  },
  getSubmission: async (id: string): Promise<StaffSubmission> => (await httpClient<StaffSubmission>(`${GRADING_API}/submission/${segment(id)}`)).json,
  gradeSubmission: async (body: GradeBody): Promise<GradeResponse> =>
    (await httpClient<GradeResponse>(`${GRADING_API}/grade`, { method: 'POST', body: JSON.stringify(body) })).json,
  returnSubmission: async (body: ReturnBody): Promise<StaffSubmission> =>
    (await httpClient<StaffSubmission>(`${GRADING_API}/return`, { method: 'POST', body: JSON.stringify(body) })).json,
  /** A page of the course's essays waiting for a grade (or graded), oldest first (course staff). */
  getEssayQueue: async (course: string, query: EssayQueueQuery = {}): Promise<EssayQueuePage> => {
    const params = new URLSearchParams(
      Object.entries(query)
        .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
        .map(([k, v]) => [k, String(v)]),
    )
    const text = params.toString()
    return (await httpClient<EssayQueuePage>(`${ESSAYS_API}/${segment(course)}${text ? `?${text}` : ''}`)).json
  },
  /** Grades one essay from its revision; 409 when someone graded it since. */
  gradeEssay: async (course: string, attempt: string, question: string, body: EssayGradeBody): Promise<EssayGradeResponse> =>
    (
      await httpClient<EssayGradeResponse>(`${ESSAYS_API}/${segment(course)}/${segment(attempt)}/${segment(question)}`, {
        method: 'PUT',
        body: JSON.stringify(body),
      })
    ).json,
  validateCourse: (uuid: string) => get<ValidationResponse>(`publish/validate/${segment(uuid)}`),
  publishCourse: (uuid: string) => post<PublishResponse>('publish/all', { uuid }),

  /** The course's sections with their blocks, in order. */
  /** The course's question banks, with their questions (`builder/banks/{id}`). */
  async getQuestionBanks(course: string): Promise<QuestionBanksResponse> {
    return (await httpClient<QuestionBanksResponse>(`${CREATOR_API}/builder/banks/${segment(course)}`)).json
  },
  async getCourseContent(course: string): Promise<ContentTree['items']> {
    return (await httpClient<ContentTree>(`${CREATOR_API}/builder/blocks/${segment(course)}`)).json.items
  },
  async getBlockHistory(course: string, block: string): Promise<HistoryResponse['items']> {
    return (await httpClient<HistoryResponse>(`${CREATOR_API}/blocks/history/${segment(course)}/${segment(block)}`)).json.items
  },
  async getCourseReview(course: string): Promise<ReviewCourseResponse['Item']> {
    return (await httpClient<ReviewCourseResponse>(`${CREATOR_API}/builder/review/course/${segment(course)}`)).json.Item
  },
  /** Upload parameters for a block's file; the upload kind follows the block's kind. */
  async askResourceUpload(
    course: string,
    block: string,
    kind: ResourceBlockKind,
    file: { size: number; contentType: string; fileName: string },
  ): Promise<UploadParamsResponse> {
    const body = JSON.stringify({ uuid: course, block, kind, ...file })
    return (await httpClient<UploadParamsResponse>(`${CREATOR_API}/blocks/resource-par`, { method: 'POST', body })).json
  },

  /** Sends one write of the builder's save queue, the course's revision added to its body. */
  /** One page of the gradebook's table (course staff). */
  getGradebook: async (course: string, query: Partial<GradebookQuery>) =>
    (await httpClient<GradebookPage>(`${GRADEBOOK_API}/${segment(course)}${queryOf(query)}`)).json,
  /** The draft's graded items with their weights, and the course's revision. */
  getGradeWeights: async (course: string) => (await httpClient<WeightsResponse>(`${GRADEBOOK_API}/${segment(course)}/weights`)).json,
  /** The whole table, with the same filters, as a CSV file. */
  downloadGradebook: (course: string, filters: GradebookExportQuery, fileName: string) =>
    downloadFile(`${GRADEBOOK_API}/${segment(course)}/export.csv${queryOf(filters)}`, fileName),
  async sendCourseWrite(write: ContentWrite, revision: number): Promise<{ revision?: number; [field: string]: unknown }> {
    const { json } = await httpClient<{ revision?: number; [field: string]: unknown }>(write.url, {
      method: write.method,
      body: JSON.stringify({ ...write.body, revision }),
    })
    return json ?? {}
  },
}

export type BuilderVerbs = typeof builderVerbs
