import { describe, expect, it } from 'vitest';
import { Executions } from '../../src/trading/executions';

/** An execution that starts, waits until `release` is called, then ends: what ran when is recorded. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('executions', () => {
  it('run across accounts at once, up to their lanes, and one after another within an account', async () => {
    const events: string[] = [];
    const executions = new Executions(2, (err) => {
      throw err;
    });
    const gates = new Map(['a1', 'a2', 'b1', 'c1'].map((name) => [name, gate()]));
    const job = (name: string) => async () => {
      events.push(`start ${name}`);
      await gates.get(name)!.opened;
      events.push(`end ${name}`);
    };
    executions.run(1, job('a1'));
    executions.run(1, job('a2'));
    executions.run(2, job('b1'));
    executions.run(3, job('c1'));
    await turn();
    // Two lanes: account 1's first and account 2's run; account 1's second waits for its first, account 3 for a lane.
    expect(events).toEqual(['start a1', 'start b1']);
    expect(executions.depth).toBe(4);
    gates.get('a1')!.open();
    await turn();
    await turn();
    expect(events).toEqual(['start a1', 'start b1', 'end a1', 'start c1']);
    // Account 1's second was waiting for a lane behind account 3: it takes the first one freed.
    gates.get('c1')!.open();
    await turn();
    await turn();
    expect(events.slice(4)).toEqual(['end c1', 'start a2']);
    gates.get('a2')!.open();
    gates.get('b1')!.open();
    await executions.idle();
    expect(events.slice(6).sort()).toEqual(['end a2', 'end b1']);
    expect(executions.depth).toBe(0);
  });

  it("go on with an account's next execution after one throws, and tell of the failure", async () => {
    const failures: unknown[] = [];
    const executions = new Executions(4, (err) => failures.push(err));
    const ran: string[] = [];
    executions.run(7, async () => {
      throw new Error('database away');
    });
    executions.run(7, async () => {
      ran.push('next');
    });
    await executions.idle();
    expect(ran).toEqual(['next']);
    expect(failures).toEqual([new Error('database away')]);
  });

  it('are waited for by idle, including those queued while it waits', async () => {
    const executions = new Executions(1, () => {});
    const ran: number[] = [];
    executions.run(1, async () => {
      ran.push(1);
      executions.run(2, async () => {
        ran.push(2);
      });
    });
    await executions.idle();
    expect(ran).toEqual([1, 2]);
  });
});
