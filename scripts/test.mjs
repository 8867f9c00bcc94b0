// `npm test`: unit and integration tests, then the build, then end-to-end tests in Chromium.
// Names the tests that passed only on a retry and those that failed, prints one closing line "tests: N passed,
// N failed", and fails when any stage failed or no e2e test ran.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const retried = [];
/** Failed tests, named again at the end: CI shows the tail of the output, where the suites' report is long gone. */
const failures = [];
let failed = false;

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status === 0;
}

const where = (file) => path.relative(process.cwd(), file.name);
/** The first lines of a failure: the message and where it was thrown. */
const head = (message = '') => message.split('\n').slice(0, 6).join('\n    ');

/** One Vitest run of `projects` (narrowed by `args`, Vitest's own file filters and options), reported to `report`. */
async function vitest(report, projects, args = []) {
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: 'inherit', env: process.env },
  );
  const ok = await new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
    // A test that passed with failure messages passed on a retry: said, so a flaky test is not hidden.
    for (const file of json.testResults) {
      for (const test of file.assertionResults) {
        const firstLine = test.failureMessages[0]?.split('\n')[0];
        if (test.status === 'passed' && firstLine !== undefined)
          retried.push(`${test.fullName}\n    first failure: ${firstLine}`);
        if (test.status === 'failed')
          failures.push(`${where(file)}: ${test.fullName}\n    ${head(test.failureMessages[0])}`);
      }
      // A file that failed outside its tests (an import, a hook) has no failed test to name.
      if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
        failures.push(`${where(file)}: ${head(file.message ?? 'failed')}`);
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
if (process.env.TEST_DATABASE_URL) await vitest('test-results/unit-pg.json', ['unit', 'pg']);
else {
  await vitest('test-results/unit.json', ['unit']);
  console.log('TEST_DATABASE_URL is not set: the integration suite ran on PGlite only.');
}
if (!run('npm', ['run', 'build'])) failed = true;

/**
 * The e2e files that spend most of their time waiting on the clock (a code a minute per account, an
 * authenticator's 30-second steps, the leaderboard's first closed demo trades), run beside the others in a
 * second Vitest run: about three minutes of the e2e stage were spent idle in them. Each run takes its files
 * one at a time, so the two cores never carry more than two browsers.
 */
const CLOCK_BOUND = [
  'e2e/admin.e2e.ts',
  'e2e/funding.e2e.ts',
  'e2e/security-screens.e2e.ts',
  'e2e/content.e2e.ts',
];
/**
 * Short files, whose server start is much of their time, follow them in that run: it ended 280 s before the
 * other (243 against 522 s); with these, 412 against 464 s in the same hour, no retry. Heavy files moved there
 * before (the audits, the screens) slowed both runs by as much as they moved.
 */
const SHORT = [
  'e2e/scripted-prices.e2e.ts',
  'e2e/statements.e2e.ts',
  'e2e/partial-close-trailing.e2e.ts',
  'e2e/shell.e2e.ts',
  'e2e/demo-labels.e2e.ts',
  'e2e/pwa.e2e.ts',
  'e2e/numbers.e2e.ts',
  'e2e/api-docs.e2e.ts',
];
/**
 * Then the spec-gaps file (46 s with its server's start): in the fresh-clone CI of 513c1c6 the busy run took
 * 607 s and this one 463 s, the last 144 s with one run going.
 */
const BALANCE = ['e2e/spec-gaps.e2e.ts'];
/**
 * The files on the shared PostgreSQL server, one after another in one run: the faults file restarts it, which
 * ended the release file's connections when the two runs overlapped. The release is built as the Dockerfile
 * builds it (50 s on a quiet machine, most of it `npm ci` of the production dependencies, waiting on the disk
 * and npm's cache rather than the cores), in the run that usually ends first.
 */
const POSTGRES = ['e2e/release.e2e.ts', 'e2e/faults.e2e.ts', 'e2e/scale.e2e.ts'];
const SECOND_RUN = [...CLOCK_BOUND, ...SHORT, ...BALANCE, ...POSTGRES];
const [busy, second] = await Promise.all([
  vitest(
    'test-results/e2e.json',
    ['e2e'],
    SECOND_RUN.flatMap((file) => ['--exclude', file]),
  ),
  vitest('test-results/e2e-second.json', ['e2e'], SECOND_RUN),
]);
if (busy.passed === 0 || second.passed === 0) {
  console.error('An e2e run passed no test: the browser tests did not run.');
  failed = true;
}
if (retried.length > 0)
  console.log(`\nPassed only on a retry (${retried.length}):\n  ${retried.join('\n  ')}`);
if (failures.length > 0) console.log(`\nFailed (${failures.length}):\n  ${failures.join('\n  ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
