import { describe, expect, it } from 'vitest'
import { documentTitle } from '../../src/layout/documentTitle.js'

describe('document title', () => {
  it.each([
    ['/dashboard', 'Dashboard | Aula'],
    ['/', 'Dashboard | Aula'],
    ['/settings/profile', 'Settings / Profile | Aula'],
    ['/admin/school-cycles/', 'Admin / School cycles | Aula'],
  ])('%s → %s', (path, title) => expect(documentTitle(path)).toBe(title))
})
