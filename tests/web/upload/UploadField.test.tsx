import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nContextProvider } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { errorFor } from '../../../src/dataProvider/http'
import { createI18nProvider, LANGUAGE_KEY } from '../../../src/i18n'
import { UploadField, type UploadFieldProps } from '../../../src/ui/upload'
import { FakeXhr, useFakeUploads } from './fakeXhr'

const params = {
  url: '/api/files/upload',
  fields: { key: 'k', 'Content-Type': 'image/png', Policy: 'p', 'X-Aula-Signature': 's' },
  path: 'courses/c/cover/0123456789abcdef-cover.png',
}
const png = (size = 1000, name = 'cover.png') => new File([new Uint8Array(size)], name, { type: 'image/png' })

function renderField(props: Partial<UploadFieldProps> = {}) {
  localStorage.setItem(LANGUAGE_KEY, 'eng')
  const getParams = vi.fn<UploadFieldProps['getParams']>(async () => params)
  const onUploaded = vi.fn<UploadFieldProps['onUploaded']>(async () => {})
  render(
    <I18nContextProvider value={createI18nProvider()}>
      <UploadField label="Cover image" kind="cover" getParams={getParams} onUploaded={onUploaded} {...props} />
    </I18nContextProvider>,
  )
  return { getParams, onUploaded, user: userEvent.setup() }
}

/** Waits until the field has handed its form to the (fake) XMLHttpRequest. */
const sent = () => waitFor(() => expect(FakeXhr.last?.body).toBeTruthy()).then(() => FakeXhr.last!)

describe('<UploadField>', () => {
  useFakeUploads()

  it('asks with the file, shows a determinate progress bar with its percent, then registers the path', async () => {
    const { getParams, onUploaded, user } = renderField()
    expect(screen.getByRole('group', { name: 'Cover image' })).toBeInTheDocument()
    expect(screen.getByText(/Accepted types: PNG, JPEG, WEBP · Largest size: 5 MB/)).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Cover image: Choose file'), png(1000))
    expect(getParams).toHaveBeenCalledWith({ size: 1000, contentType: 'image/png', fileName: 'cover.png' }, expect.any(AbortSignal))
    const xhr = await sent()
    const bar = screen.getByRole('progressbar', { name: 'Upload progress of cover.png' })
    expect(bar).toHaveAttribute('aria-valuenow', '0')
    expect(screen.getByRole('status')).toHaveTextContent('Uploading cover.png…')
    act(() => xhr.progress(520, 1040))
    expect(bar).toHaveAttribute('aria-valuenow', '50')
    expect(screen.getByText('50%')).toBeInTheDocument()
    act(() => xhr.respond(204))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('cover.png uploaded.'))
    expect(onUploaded).toHaveBeenCalledWith(params.path, expect.any(File))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('cancels an upload: nothing is registered', async () => {
    const { onUploaded, user } = renderField()
    await user.upload(screen.getByLabelText('Cover image: Choose file'), png())
    const xhr = await sent()
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }))
    expect(xhr.aborted).toBe(true)
    expect(screen.getByRole('status')).toHaveTextContent('Upload of cover.png cancelled.')
    expect(onUploaded).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeEnabled()
  })

  it("refuses a file past the kind's limit with 'Too much data' before asking", async () => {
    const { getParams, user } = renderField()
    await user.upload(screen.getByLabelText('Cover image: Choose file'), png(5 * 1024 * 1024 + 1, 'huge.png'))
    expect(screen.getByRole('alert')).toHaveTextContent('Too much data: Largest size: 5 MB')
    expect(getParams).not.toHaveBeenCalled()
  })

  it('refuses a dropped file of another type, and more than one file', async () => {
    const { getParams } = renderField()
    const zone = screen.getByText('Drag a file here or choose one.').parentElement!
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['<html>'], 'page.html', { type: 'text/html' })] } })
    expect(screen.getByRole('alert')).toHaveTextContent('This type of file is not accepted here. Accepted types: PNG, JPEG, WEBP')
    fireEvent.drop(zone, { dataTransfer: { files: [png(), png()] } })
    expect(screen.getByRole('alert')).toHaveTextContent('Drop one file at a time.')
    expect(getParams).not.toHaveBeenCalled()
  })

  it('uploads a dropped file', async () => {
    const { getParams } = renderField()
    const zone = screen.getByText('Drag a file here or choose one.').parentElement!
    fireEvent.dragEnter(zone)
    expect(screen.getByText('Drop the file to upload it.')).toBeInTheDocument()
    fireEvent.drop(zone, { dataTransfer: { files: [png(10, 'dropped.png')] } })
    await waitFor(() => expect(getParams).toHaveBeenCalledWith({ size: 10, contentType: 'image/png', fileName: 'dropped.png' }, expect.any(AbortSignal)))
  })

  it("shows storage's refusal in requirements §8's text and retries the same file", async () => {
    const { onUploaded, user } = renderField()
    await user.upload(screen.getByLabelText('Cover image: Choose file'), png())
    act(() => FakeXhr.last!.respond(400, '<Error><Code>EntityTooLarge</Code></Error>'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too much data')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    act(() => FakeXhr.last!.respond(204))
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a refused ask', async () => {
    const { user } = renderField({ getParams: async () => Promise.reject(errorFor(413, { message: 'Too much data' })) })
    await user.upload(screen.getByLabelText('Cover image: Choose file'), png())
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too much data/)
  })

  it('shows a failed registration with the server message', async () => {
    const { user } = renderField({ onUploaded: async () => Promise.reject(errorFor(409, { message: 'This course was changed elsewhere' })) })
    await user.upload(screen.getByLabelText('Cover image: Choose file'), png())
    act(() => FakeXhr.last!.respond(204))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid operation: This course was changed elsewhere')
    expect(screen.getByRole('status')).not.toHaveTextContent('uploaded')
  })

  it('offers to replace the current file, and opens the file chooser from the keyboard', async () => {
    const { user } = renderField({ currentName: 'old-cover.png' })
    expect(screen.getByText('Current file: old-cover.png')).toBeInTheDocument()
    const input = screen.getByLabelText<HTMLInputElement>('Cover image: Replace file')
    expect(input.accept).toBe('image/png,image/jpeg,image/webp')
    const click = vi.spyOn(input, 'click')
    await user.tab()
    expect(screen.getByRole('button', { name: 'Replace file' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(click).toHaveBeenCalled()
  })
})
