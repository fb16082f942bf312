import { ESLint } from 'eslint'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** The lint rule of house style 4: an area never imports another; shared rooms import no area. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') })

async function ruleIds(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file })
  return result.messages.map((m) => m.ruleId)
}

describe('area boundaries', () => {
  it.each([
    ['src/learner/dashboard/X.tsx', "import { a } from '../../account/fields'\nexport const b = a\n"],
    ['src/account/settings/X.tsx', "import { a } from '../../builder/thing'\nexport const b = a\n"],
    ['src/resources/users/X.tsx', "import { a } from '../../insights/charts/x'\nexport const b = a\n"],
    ['src/layout/X.tsx', "import { a } from '../learner/dashboard/Dashboard'\nexport const b = a\n"],
    ['src/ui/X.ts', "import { a } from '../account/fields'\nexport const b = a\n"],
  ])('%s importing another area fails the lint', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports')
  })

  it.each([
    ['src/learner/dashboard/X.tsx', "import { a } from '../../ui/ErrorDisplay'\nexport const b = a\n"],
    ['src/account/settings/X.tsx', "import { a } from '../../layout/NotFound'\nexport const b = a\n"],
    ['src/i18n/it/X.ts', "import { a } from '../mx/account'\nexport const b = a\n"],
  ])('%s importing a shared room passes', async (file, code) => {
    expect(await ruleIds(file, code)).not.toContain('no-restricted-imports')
  })
})

/** The server's layers: only server/app.ts mounts routes (through routes/index.js); the seed and every domain module use server/courses/. */
describe('server layers', () => {
  it.each([
    ['server/certificates/X.ts', "import { a } from '../routes/v2/courses/creator/queries.js'\nexport const b = a\n"],
    ['server/jobs/X.ts', "import { a } from '../routes/admin-users/views.js'\nexport const b = a\n"],
    ['server/identity/X.ts', "import { a } from '../plugins/errors.js'\nexport const b = a\n"],
    ['server/identity/ops/X.ts', "import { a } from '../../routes/user/index.js'\nexport const b = a\n"],
    ['server/seed/X.ts', "import { a } from '../routes/v2/courses/creator/index.js'\nexport const b = a\n"],
    ['server/seed/demo/X.ts', "import { a } from '../../routes/v2/courses/creator/content/index.js'\nexport const b = a\n"],
    ['server/courses/X.ts', "import { a } from '../routes/v2/courses/creator/index.js'\nexport const b = a\n"],
    ['server/courses/content/X.ts', "import { a } from '../../routes/v2/courses/learner/queries.js'\nexport const b = a\n"],
    ['server/jobs/X.ts', "import a from '../routes/index.js'\nexport const b = a\n"],
    ['server/app.ts', "import { a } from './routes/v2/admin/import/queries.js'\nexport const b = a\n"],
    ['server/app.ts', "import a from './routes/v2/courses/creator/index.js'\nexport const b = a\n"],
  ])('%s importing a route (or, in the identity service, an API plugin) fails the lint', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports')
  })

  it.each([
    ['server/identity/X.ts', "import { a } from '../http/json-text.js'\nexport const b = a\n"],
    ['server/storage/X.ts', "import { a } from '../http/http-error.js'\nexport const b = a\n"],
    ['server/routes/admin-users/X.ts', "import { a } from '../../http/paging.js'\nexport const b = a\n"],
    ['server/routes/v2/courses/creator/X.ts', "import { a } from '../../../../courses/content/publish.js'\nexport const b = a\n"],
    ['server/seed/X.ts', "import { a } from '../courses/content/publish.js'\nexport const b = a\n"],
    ['server/courses/progress/X.ts', "import { a } from '../../certificates/index.js'\nexport const b = a\n"],
    ['server/app.ts', "import a from './routes/index.js'\nexport const b = a\n"],
  ])('%s importing a shared module passes', async (file, code) => {
    expect(await ruleIds(file, code)).not.toContain('no-restricted-imports')
  })
})
