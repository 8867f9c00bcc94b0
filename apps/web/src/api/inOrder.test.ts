import { describe, expect, it } from 'vitest';
import { inOrder } from './inOrder';

/** A server that keeps the last value it was sent, reached over a network whose delays the test sets. */
function slowServer(delays: number[]) {
  const arrived: string[] = [];
  let call = 0;
  const save = (value: string) =>
    new Promise<string>((resolve, reject) => {
      const delay = delays[call++] ?? 0;
      setTimeout(() => {
        if (value === 'refused') return reject(new Error('refused'));
        arrived.push(value);
        resolve(value);
      }, delay);
    });
  return { arrived, save };
}

describe('saves sent one after another', () => {
  it('reach the server in the order they were made, even when the first is slower', async () => {
    const server = slowServer([30, 0]);
    const save = inOrder(server.save);
    await Promise.all([save('line'), save('area')]);
    expect(server.arrived).toEqual(['line', 'area']);
  });

  it('go on after a refused one, and the refusal still reaches its caller', async () => {
    const server = slowServer([0, 0, 0]);
    const save = inOrder(server.save);
    const refused = save('refused');
    const next = save('candles');
    await expect(refused).rejects.toThrow('refused');
    expect(await next).toBe('candles');
    expect(server.arrived).toEqual(['candles']);
  });
});
