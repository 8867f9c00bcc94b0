import { seedContent } from '../src/content/seed';
import { seedFunding } from '../src/funding/seed';
import type { TestApp } from './harness';

/**
 * The embedded demo's deposit channels and withdrawal currencies, which a production start (PostgreSQL) does
 * not seed, for the tests built on them. Idempotent: nothing changes where the start seeded them (PGlite).
 */
export const addDemoFunding = (t: TestApp) => seedFunding(t.database.db);

/** The embedded demo's sample news, announcements and companies, likewise. */
export const addDemoContent = (t: TestApp) => seedContent(t.database.db, { demo: true, now: t.clock.now() });
