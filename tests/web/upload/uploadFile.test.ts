import { describe, expect, it } from 'vitest'
import { i18nProvider } from '../../../src/i18n'
import { uploadFile } from '../../../src/ui/upload'
import { FakeXhr, useFakeUploads } from './fakeXhr'

const params = {
  url: 'https://bucket.s3.eu-west-1.amazonaws.com/',
  fields: { key: 'courses/c/cover/ab-x.png', 'Content-Type': 'image/png', Policy: 'p', 'X-Amz-Signature': 's' },
  path: 'courses/c/cover/ab-x.png',
}
const file = () => new File([new Uint8Array(100)], 'x.png', { type: 'image/png' })
const text = (key: string) => i18nProvider.translate(`aula.account.http.${key}`)

describe('uploadFile', () => {
  useFakeUploads()

  it('POSTs the signed fields first, then the file, reports progress and resolves the path', async () => {
    const progress: number[] = []
    const done = uploadFile({ params, file: file(), onProgress: (p) => progress.push(p.percent) })
    const xhr = FakeXhr.last!
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe(params.url)
    expect([...xhr.body!.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file'])
    expect((xhr.body!.get('file') as File).name).toBe('x.png')
    xhr.progress(25, 200)
    xhr.progress(199, 200)
    xhr.respond(204)
    await expect(done).resolves.toBe(params.path)
    expect(progress).toEqual([12, 99, 100])
  })

  it("turns 413 and S3's EntityTooLarge into 'Too much data'", async () => {
    const local = uploadFile({ params, file: file() })
    FakeXhr.last!.respond(413, JSON.stringify({ message: 'Too much data', code: 'TOO_LARGE' }))
    await expect(local).rejects.toMatchObject({ title: text('tooLarge'), status: 413 })
    const s3 = uploadFile({ params, file: file() })
    FakeXhr.last!.respond(
      400,
      '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
    )
    await expect(s3).rejects.toMatchObject({ title: text('tooLarge'), status: 413 })
  })

  it('maps a refused policy, a network failure and other answers to their texts', async () => {
    const refused = uploadFile({ params, file: file() })
    FakeXhr.last!.respond(403, '<Error><Code>AccessDenied</Code><Message>Invalid according to Policy</Message></Error>')
    await expect(refused).rejects.toMatchObject({ title: text('forbidden') })
    const network = uploadFile({ params, file: file() })
    FakeXhr.last!.fail()
    await expect(network).rejects.toMatchObject({ title: text('network') })
    const broken = uploadFile({ params, file: file() })
    FakeXhr.last!.respond(500, 'oops')
    await expect(broken).rejects.toMatchObject({ title: text('other') })
  })

  it('stops when its signal aborts, and never starts with an aborted one', async () => {
    const controller = new AbortController()
    const done = uploadFile({ params, file: file(), signal: controller.signal })
    controller.abort()
    await expect(done).rejects.toMatchObject({ name: 'AbortError' })
    expect(FakeXhr.last!.aborted).toBe(true)
    FakeXhr.reset()
    await expect(uploadFile({ params, file: file(), signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
    expect(FakeXhr.last).toBeNull()
  })
})
