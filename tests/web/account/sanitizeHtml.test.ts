import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from '../../../src/ui/sanitizeHtml'

describe('sanitizeHtml', () => {
  it('keeps formatting and safe links', () => {
    const out = sanitizeHtml('<h2>Terms</h2><p>Read <strong>this</strong> <a href="https://example.org/x">page</a>.</p>')
    expect(out).toContain('<h2>Terms</h2>')
    expect(out).toContain('<strong>this</strong>')
    expect(out).toMatch(/<a href="https:\/\/example.org\/x"[^>]*rel="noopener noreferrer"/)
  })

  it('drops scripts, handlers, styles and dangerous URLs', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">Hi<script>steal()</script><img src=x onerror="steal()"><style>*{}</style><a href="javascript:steal()">x</a><iframe src="//evil"></iframe></p>',
    )
    expect(out).not.toMatch(/script|onclick|onerror|style|iframe|javascript:|<img/i)
    expect(out).toContain('Hi')
  })
})
