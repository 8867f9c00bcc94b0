import { describe, expect, it } from 'vitest';
import { randomId } from './randomId';

describe('a random id', () => {
  it('is 32 hex digits, as the server takes a demo id (20 to 64 of [A-Za-z0-9_-], 8 different, 80 bits)', () => {
    for (let i = 0; i < 1000; i++) {
      const id = randomId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(id).size).toBeGreaterThanOrEqual(8);
    }
  });

  it('is never the same twice', () => {
    const ids = new Set(Array.from({ length: 10_000 }, randomId));
    expect(ids.size).toBe(10_000);
  });
});
