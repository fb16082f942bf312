import type {
  AvatarCreateBody,
  AvatarNodesResponse,
  AvatarPhotoAsk,
  AvatarRequest,
  AvatarRequestResponse,
  AvatarRequestsPage,
} from '../../../contracts/experimental/avatars'
import type { UploadParamsReply } from '../../../contracts/storage/upload'
import { httpClient } from '../http'

/** The AI avatar verbs (requirements §7 "Metrics and experimental"), `/api/v2/experimental/...`. */
const API = '/api/v2/experimental'

export const experimentalVerbs = {
  async askAvatarPhotoUpload(ask: AvatarPhotoAsk, signal?: AbortSignal): Promise<UploadParamsReply> {
    return (await httpClient<UploadParamsReply>(`${API}/ai-avatar-photo-par`, { method: 'POST', body: JSON.stringify(ask), signal })).json
  },

  async createAvatarRequest(body: AvatarCreateBody): Promise<AvatarRequest> {
    return (await httpClient<AvatarRequestResponse>(`${API}/ai-avatar-create-request`, { method: 'POST', body: JSON.stringify(body) })).json.Item
  },

  async listAvatarRequests(sizePerPage: number, paginationToken = ''): Promise<AvatarRequestsPage> {
    const query = new URLSearchParams({ sizePerPage: String(sizePerPage) })
    if (paginationToken) query.set('paginationToken', paginationToken)
    return (await httpClient<AvatarRequestsPage>(`${API}/ai-avatar-list-requests?${query}`)).json
  },

  async listAvatarNodes(): Promise<AvatarNodesResponse> {
    return (await httpClient<AvatarNodesResponse>(`${API}/ai-avatar-list-nodes`)).json
  },
}

export type ExperimentalVerbs = typeof experimentalVerbs
