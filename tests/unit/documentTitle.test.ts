import { describe, expect, it } from 'vitest'
import { documentTitle } from '../../src/layout/documentTitle.js'

describe('document title', () => {
  it.each([
    ['/dashboard', 'Dashboard | Aula'],
    ['/', 'Dashboard | Aula'],
    ['/settings/profile', 'Settings / Profile | Aula'],
    ['/admin/school-cycles/', 'Admin / School cycles | Aula'],
    ['/galaxy/courses/player/6ca0fb8e-5fa9-44d7-a6d4-44453fc9c3af/d71eaf03-6564-4e16-a792-75cbc6eb5e7a', 'Galaxy / Courses / Player | Aula'],
    ['/certificates/verify/DMQS-B0EQ-KWZB', 'Certificates / Verify / DMQS B0EQ KWZB | Aula'],
    ['/broken/%E0', 'Broken / %E0 | Aula'],
  ])('%s → %s', (path, title) => expect(documentTitle(path)).toBe(title))
})
