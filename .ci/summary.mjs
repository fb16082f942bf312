// Adds up vitest's JSON reports of this CI run and prints one closing line: "Tests: N passed, N failed".
import fs from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + (report.numTodoTests ?? 0)
}
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exitCode = failed > 0 || passed === 0 ? 1 : 0
