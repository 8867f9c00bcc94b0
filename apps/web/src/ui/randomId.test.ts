import { randomEnough } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { randomId } from './randomId';

describe('a random id', () => {
  it('is 32 hex digits the server takes as a demo id (random enough: 80 bits, no pattern), every time', () => {
    for (let i = 0; i < 100_000; i++) {
      const id = randomId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      if (!randomEnough(id)) expect.fail(`${id} is refused as a demo id`);
    }
  });

  it('is never the same twice', () => {
    const ids = new Set(Array.from({ length: 10_000 }, randomId));
    expect(ids.size).toBe(10_000);
  });
});
