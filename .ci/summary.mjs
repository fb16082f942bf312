// Adds up vitest's JSON reports of this CI run and prints the closing lines: every failed test by
// lane and file, then "Tests: N passed, N failed".
import fs from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
const failures = []
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + (report.numTodoTests ?? 0)
  const lane = path.basename(file, '.json')
  for (const suite of report.testResults ?? []) {
    const where = `${lane}: ${path.relative(process.cwd(), suite.name)}`
    const tests = suite.assertionResults ?? []
    for (const test of tests) if (test.status === 'failed') failures.push(`${where} > ${test.fullName}`)
    // A file that fails outside its tests (an import, a hook) has no failed test to name.
    if (suite.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      failures.push(`${where} (${String(suite.message ?? 'failed').split('\n')[0]})`)
      failed += 1
    }
  }
}
for (const line of failures) console.log(`FAILED ${line}`)
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exitCode = failed > 0 || passed === 0 ? 1 : 0
