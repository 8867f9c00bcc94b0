import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Memory-backed where the machine has it: test databases are many, short-lived and written hard. */
export const scratchDir = (): string => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
