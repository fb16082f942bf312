import '../account/eng'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AvatarNode, AvatarRequest } from '../../../contracts/experimental/avatars'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { FakeXhr, useFakeUploads } from '../upload/fakeXhr'

const net = useFakeNetwork()
const API = '*/api/v2/experimental'
const PHOTO_PATH = 'avatars/0123456789abcdef01234567/photos/0123456789abcdef-me.png'

const request = (over: Partial<AvatarRequest> = {}): AvatarRequest => ({
  id: '6f1c2d3e-4b5a-4c6d-8e7f-001122334455',
  owner: { username: 'eva', email: 'eva@example.test' },
  text: 'Welcome to the course!',
  style: 'studio',
  voice: 'en',
  status: 'queued',
  photoUrl: '/api/files/avatars/x/photos/me.png?expires=1&signature=s',
  resultKind: null,
  resultUrl: null,
  resultType: null,
  posterUrl: null,
  renderer: null,
  error: null,
  nodeId: null,
  attempt: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
})

const node = (over: Partial<AvatarNode> = {}): AvatarNode => ({
  id: 'host-a-1234-abcdef',
  host: 'host-a',
  renderer: 'embedded',
  capacity: 2,
  state: 'running',
  heartbeatAt: '2026-11-20T10:00:05.000Z',
  startedAt: '2026-11-20T09:00:00.000Z',
  currentJobs: [],
  ...over,
})

const experimental = () => signedInAs(net.identity.add({ email: 'eva@example.test', groups: ['experimental'] }))

function api(state: { requests: AvatarRequest[]; nodes: AvatarNode[] }) {
  const created: unknown[] = []
  net.server.use(
    http.get(`${API}/ai-avatar-list-requests`, () => HttpResponse.json({ items: state.requests, paginationToken: null, estimated: state.requests.length })),
    http.get(`${API}/ai-avatar-list-nodes`, () => HttpResponse.json({ items: state.nodes })),
    http.post(`${API}/ai-avatar-photo-par`, () => HttpResponse.json({ url: '/api/files/upload', fields: { key: PHOTO_PATH }, path: PHOTO_PATH })),
    http.post(`${API}/ai-avatar-create-request`, async ({ request: r }) => {
      const body = (await r.json()) as { text: string; style: AvatarRequest['style']; voice: AvatarRequest['voice'] }
      created.push(body)
      const item = request({ id: '7a1c2d3e-4b5a-4c6d-8e7f-001122334466', text: body.text, style: body.style, voice: body.voice })
      state.requests = [item, ...state.requests]
      return HttpResponse.json({ Item: item }, { status: 202 })
    }),
  )
  return created
}

// The whole app renders in each test, and the form is filled as a person would: slower than most.
describe('AI avatars screen', { timeout: 60_000 }, () => {
  useFakeUploads({ previews: true })

  it('shows the empty states and says plainly that the renderer is not generative AI', async () => {
    await experimental()
    api({ requests: [], nodes: [] })
    renderAt('/experimental/ai-avatars')
    expect(await screen.findByRole('heading', { level: 1, name: 'AI avatars' })).toBeInTheDocument()
    expect(screen.getByText(/not generative AI/)).toBeInTheDocument()
    expect(await screen.findByText(/You have not sent any request yet/)).toBeInTheDocument()
    expect(await screen.findByText(/No node has connected in the last day/)).toBeInTheDocument()
  })

  it('checks the form, uploads the photo with progress and preview, sends the request and shows it queued', async () => {
    await experimental()
    const state = { requests: [] as AvatarRequest[], nodes: [node()] }
    const created = api(state)
    renderAt('/experimental/ai-avatars')
    const form = await screen.findByRole('form', { name: 'New request' })
    const user = userEvent.setup()
    await user.click(within(form).getByRole('button', { name: 'Send request' }))
    expect(within(form).getByText('Upload a photo before sending')).toBeInTheDocument()
    expect(created).toEqual([])

    await user.upload(within(form).getByLabelText('Photo: Choose file'), new File([new Uint8Array(2000)], 'me.png', { type: 'image/png' }))
    await waitFor(() => expect(FakeXhr.last?.body).toBeTruthy())
    const bar = within(form).getByRole('progressbar', { name: /me\.png/ })
    act(() => FakeXhr.last!.progress(1000, 2000))
    expect(bar).toHaveAttribute('aria-valuenow', '50')
    act(() => FakeXhr.last!.respond(204))
    expect(await within(form).findByRole('img', { name: 'Preview of the chosen photo' })).toHaveAttribute('src', 'blob:preview')

    const text = within(form).getByRole('textbox', { name: 'Text the avatar will say' })
    await user.click(within(form).getByRole('button', { name: 'Send request' }))
    expect(within(form).getByText('Write the text the avatar will say')).toBeInTheDocument()
    await waitFor(() => expect(text).toHaveFocus())
    await user.click(text)
    await user.paste('x'.repeat(501))
    expect(within(form).getByText('The text may have at most 500 characters')).toBeInTheDocument()
    expect(within(form).getByText('501 of 500 characters')).toBeInTheDocument()
    await user.clear(text)
    await user.type(text, 'Hello, class!')
    expect(within(form).getByText('13 of 500 characters')).toBeInTheDocument()
    // Keyboard: the style is a radio group moved with the arrow keys.
    await user.click(within(form).getByRole('radio', { name: /Studio/ }))
    await user.keyboard('{ArrowDown}')
    expect(within(form).getByRole('radio', { name: /Circle/ })).toBeChecked()
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Voice language' }), 'Italian')
    await user.click(within(form).getByRole('button', { name: 'Send request' }))

    expect(await screen.findByText(/Request sent/)).toBeInTheDocument()
    expect(created).toEqual([{ photo: PHOTO_PATH, text: 'Hello, class!', style: 'round', voice: 'it' }])
    const list = screen.getByRole('list', { name: 'My requests' })
    expect(within(list).getByText('Hello, class!')).toBeInTheDocument()
    expect(within(list).getByText('Queued')).toBeInTheDocument()
    expect(within(list).getByText('Style: Circle · Voice: Italian')).toBeInTheDocument()
    expect(text).toHaveValue('')
  })

  it('keeps what was typed when the request is refused', async () => {
    await experimental()
    api({ requests: [], nodes: [] })
    net.server.use(
      http.post(`${API}/ai-avatar-create-request`, () => HttpResponse.json({ message: 'Upload the photo first', code: 'NOT_UPLOADED' }, { status: 400 })),
    )
    renderAt('/experimental/ai-avatars')
    const form = await screen.findByRole('form', { name: 'New request' })
    const user = userEvent.setup()
    await user.upload(within(form).getByLabelText('Photo: Choose file'), new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }))
    await waitFor(() => expect(FakeXhr.last?.body).toBeTruthy())
    act(() => FakeXhr.last!.respond(204))
    await within(form).findByRole('img', { name: 'Preview of the chosen photo' })
    await user.type(within(form).getByRole('textbox', { name: 'Text the avatar will say' }), 'Do not lose me')
    await user.click(within(form).getByRole('button', { name: 'Send request' }))
    expect(await within(form).findByText('Error while requesting the resource')).toBeInTheDocument()
    expect(within(form).getByText('Upload a photo before sending')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Text the avatar will say' })).toHaveValue('Do not lose me')
  })

  it('polls while a request is processing and then shows the video with a download link', async () => {
    await experimental()
    const state = {
      requests: [request({ status: 'processing', nodeId: 'host-a-1234-abcdef', attempt: 1 })],
      nodes: [node({ currentJobs: ['6f1c2d3e-4b5a-4c6d-8e7f-001122334455'] })],
    }
    api(state)
    renderAt('/experimental/ai-avatars')
    expect(await screen.findByText('Processing')).toBeInTheDocument()
    expect(screen.getByText(/The list updates by itself/)).toBeInTheDocument()
    expect(await screen.findByText('1 of 2 in use')).toBeInTheDocument()
    expect(screen.getByText('6f1c2d3e')).toBeInTheDocument()
    state.requests = [
      request({
        status: 'done',
        resultKind: 'video',
        resultType: 'video/mp4',
        resultUrl: '/api/files/avatars/x/results/a.mp4?expires=1&signature=s',
        posterUrl: '/api/files/avatars/x/results/p.png?expires=1&signature=s',
        renderer: 'embedded',
        attempt: 1,
      }),
    ]
    state.nodes = [node()]
    expect(await screen.findByText('Ready', {}, { timeout: 5000 })).toBeInTheDocument()
    const video = document.querySelector('video')!
    expect(video).toHaveAttribute('src', '/api/files/avatars/x/results/a.mp4?expires=1&signature=s')
    expect(video).toHaveAttribute('aria-label', 'Avatar: Welcome to the course!')
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'avatar-6f1c2d3e.mp4')
    expect(screen.queryByText(/The list updates by itself/)).not.toBeInTheDocument()
    expect(await screen.findByText('Idle')).toBeInTheDocument()
  })

  it('shows a failed request with its reason, and an image-only result', async () => {
    await experimental()
    api({
      requests: [
        request({ status: 'failed', error: 'The photo could not be read as an image', text: 'first' }),
        request({
          id: '8a1c2d3e-4b5a-4c6d-8e7f-001122334477',
          status: 'done',
          resultKind: 'image',
          resultType: 'image/png',
          resultUrl: '/api/files/r.png',
          renderer: 'embedded',
          text: 'second',
        }),
      ],
      nodes: [node({ state: 'lost' })],
    })
    renderAt('/experimental/ai-avatars')
    expect(await screen.findByText('The avatar could not be made')).toBeInTheDocument()
    expect(screen.getByText('The photo could not be read as an image')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Framed portrait made from the photo' })).toHaveAttribute('src', '/api/files/r.png')
    expect(screen.getByText(/this server has no speech synthesis/)).toBeInTheDocument()
    expect(await screen.findByText('No heartbeat')).toBeInTheDocument()
  })

  it('shows an error with a way to retry when the list cannot be loaded', async () => {
    await experimental()
    api({ requests: [], nodes: [] })
    let fail = true
    net.server.use(
      http.get(`${API}/ai-avatar-list-requests`, () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json({ items: [], paginationToken: null, estimated: 0 }),
      ),
    )
    renderAt('/experimental/ai-avatars')
    expect(await screen.findByText('Error while requesting the resource')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByText(/You have not sent any request yet/)).toBeInTheDocument()
  })

  it('opens for an administrator outside the experimental group (the API admits administrators too)', async () => {
    api({ requests: [], nodes: [node()] })
    await signedInAs(net.identity.add({ email: 'ada@example.test', groups: ['admin'] }))
    renderAt('/experimental/ai-avatars')
    expect(await screen.findByText(/You have not sent any request yet/)).toBeInTheDocument()
    expect(screen.queryByText('Permission denied')).not.toBeInTheDocument()
  })

  it('is refused to users outside the experimental group', async () => {
    await signedInAs(net.identity.add({ email: 'gus@example.test', groups: ['general'] }))
    renderAt('/experimental/ai-avatars')
    expect(await screen.findByText('Permission denied')).toBeInTheDocument()
  })
})
