// `npm test`: unit and integration tests, then the build, then end-to-end tests in Chromium.
// Names the tests that passed only on a retry, prints one closing line "tests: N passed, N failed", and fails
// when any stage failed or no e2e test ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const retried = [];
let failed = false;

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function vitest(report, projects) {
  const ok = run('npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
    // A test that passed with failure messages passed on a retry: said, so a flaky test is not hidden.
    for (const file of json.testResults)
      for (const test of file.assertionResults)
        if (test.status === 'passed' && test.failureMessages.length > 0) {
          retried.push(`${test.fullName}\n    first failure: ${test.failureMessages[0].split('\n')[0]}`);
        }
  } catch {
    failed = true;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (!ok) failed = true;
  return counts;
}

// Both database suites in one Vitest run: one start, one set of workers, one report.
if (process.env.TEST_DATABASE_URL) vitest('test-results/unit-pg.json', ['unit', 'pg']);
else {
  vitest('test-results/unit.json', ['unit']);
  console.log('TEST_DATABASE_URL is not set: the integration suite ran on PGlite only.');
}
if (!run('npm', ['run', 'build'])) failed = true;
const e2e = vitest('test-results/e2e.json', ['e2e']);
if (e2e.passed === 0) {
  console.error('No end-to-end test passed: the browser tests did not run.');
  failed = true;
}
if (retried.length > 0)
  console.log(`\nPassed only on a retry (${retried.length}):\n  ${retried.join('\n  ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
