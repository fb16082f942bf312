import type { AvatarCreateBody, AvatarNodesResponse, AvatarRequest, AvatarRequestResponse, AvatarRequestsPage } from '../../../contracts/experimental/avatars'
import { httpClient } from '../../dataProvider/http'
import type { UploadAsk, UploadParams } from '../../ui/upload'

/** The AI avatar calls (requirements §7 "Metrics and experimental"), `/api/v2/experimental/...`. */
const API = '/api/v2/experimental'

export async function askPhotoUpload(ask: UploadAsk, signal: AbortSignal): Promise<UploadParams> {
  return (await httpClient<UploadParams>(`${API}/ai-avatar-photo-par`, { method: 'POST', body: JSON.stringify(ask), signal })).json
}

export async function createAvatarRequest(body: AvatarCreateBody): Promise<AvatarRequest> {
  return (await httpClient<AvatarRequestResponse>(`${API}/ai-avatar-create-request`, { method: 'POST', body: JSON.stringify(body) })).json.Item
}

export async function listAvatarRequests(sizePerPage: number, paginationToken = ''): Promise<AvatarRequestsPage> {
  const query = new URLSearchParams({ sizePerPage: String(sizePerPage) })
  if (paginationToken) query.set('paginationToken', paginationToken)
  return (await httpClient<AvatarRequestsPage>(`${API}/ai-avatar-list-requests?${query}`)).json
}

export async function listAvatarNodes(): Promise<AvatarNodesResponse> {
  return (await httpClient<AvatarNodesResponse>(`${API}/ai-avatar-list-nodes`)).json
}
