import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, phone } from './fakeSocket';
import { retryDelay } from './ws';

describe('the wait before a reconnect', () => {
  it('is a random share of a ceiling that doubles with each attempt', () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelay(attempt, () => 0.999))).toEqual([999, 1998, 3996, 7992]);
    expect(retryDelay(3, () => 0.5)).toBe(4000);
    expect(retryDelay(5, () => 0)).toBe(0);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(retryDelay(4, () => 0.999)).toBe(14_985);
    expect(retryDelay(40, () => 0.999)).toBe(14_985);
    expect(retryDelay(1000, () => 0.999)).toBe(14_985);
  });
});

// Every socket test drives its reconnect timers by hand and counts the sockets it made.
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});
afterEach(() => vi.useRealTimers());

describe('the account pushes of a signed-in socket', () => {
  it('are announced each time the server accepts the login, at the first connect and after a reconnect', () => {
    const p = phone();
    let accepted = 0;
    p.socket.onAccountPushes(() => accepted++);
    p.socket.login('token-1');
    p.socket.open();
    p.last().accept();
    expect(p.last().sent).toContain(JSON.stringify({ type: 'login', params: 'token-1' }));
    p.last().onmessage?.({ data: JSON.stringify({ type: 'login_result', code: 1 }) });
    expect(accepted).toBe(1);
    p.last().drop();
    vi.advanceTimersByTime(500);
    p.last().accept();
    expect(p.last().sent).toContain(JSON.stringify({ type: 'login', params: 'token-1' }));
    p.last().onmessage?.({ data: JSON.stringify({ type: 'login_result', code: 1 }) });
    expect(accepted).toBe(2);
  });

  it('are not announced when the server refuses the login', () => {
    const p = phone();
    let accepted = 0;
    p.socket.onAccountPushes(() => accepted++);
    p.socket.login('expired');
    p.socket.open();
    p.last().accept();
    p.last().onmessage?.({ data: JSON.stringify({ type: 'login_result', code: 999 }) });
    expect(accepted).toBe(0);
    expect(p.socket.loggedIn).toBe(false);
  });
});

describe('the connection state the trader sees', () => {
  it('goes connecting, live, reconnecting and live again, and resubscribes after the reconnect', () => {
    const p = phone();
    expect(p.socket.state).toBe('connecting');
    p.socket.subscribe('DAY_MARKET', () => {});
    p.socket.open();
    p.last().accept();
    expect(p.last().sent).toContain(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    p.last().drop();
    expect(p.socket.state).toBe('reconnecting');
    // random 0.5 of the first ceiling (1 s).
    vi.advanceTimersByTime(499);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    p.last().accept();
    expect(p.last().sent).toContain(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    expect(p.states).toEqual(['live', 'reconnecting', 'live']);
  });

  it('backs off further with each failed attempt, and starts again from the first wait once live', () => {
    const p = phone();
    p.socket.open();
    p.last().accept();
    p.last().drop();
    for (const wait of [500, 1000, 2000, 4000]) {
      const before = FakeSocket.made.length;
      vi.advanceTimersByTime(wait - 1);
      expect(FakeSocket.made).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.made).toHaveLength(before + 1);
      p.last().drop();
    }
    vi.advanceTimersByTime(8000);
    p.last().accept();
    p.last().drop();
    const before = FakeSocket.made.length;
    vi.advanceTimersByTime(500);
    expect(FakeSocket.made).toHaveLength(before + 1);
  });

  it('says offline when the network goes, retries nothing meanwhile, and reconnects at once when it is back', () => {
    const p = phone();
    p.socket.open();
    p.last().accept();
    p.goOffline();
    expect(p.socket.state).toBe('offline');
    p.last().drop();
    expect(p.socket.state).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    p.goOnline();
    expect(FakeSocket.made).toHaveLength(2);
    expect(p.socket.state).toBe('reconnecting');
    p.last().accept();
    expect(p.states).toEqual(['live', 'offline', 'reconnecting', 'live']);
  });

  it('is live again as soon as the network is back when the socket stayed open', () => {
    const p = phone();
    p.socket.open();
    p.last().accept();
    p.goOffline();
    p.goOnline();
    expect(FakeSocket.made).toHaveLength(1);
    expect(p.states).toEqual(['live', 'offline', 'live']);
  });

  it('reconnects at once when the app comes back to the foreground during a long wait', () => {
    const p = phone();
    p.socket.open();
    p.last().accept();
    p.last().drop();
    for (let attempt = 0; attempt < 6; attempt++) {
      vi.advanceTimersByTime(15_000);
      p.last().drop();
    }
    const before = FakeSocket.made.length;
    p.hide();
    expect(FakeSocket.made).toHaveLength(before);
    p.show();
    expect(FakeSocket.made).toHaveLength(before + 1);
    p.last().accept();
    expect(p.socket.state).toBe('live');
    // The retry that was waiting does not open a second socket.
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(before + 1);
  });

  it('drops an attempt begun while the network was gone and opens a fresh one when it is back', () => {
    const p = phone();
    p.socket.open();
    const hanging = p.last();
    p.goOffline();
    p.goOnline();
    expect(hanging.readyState).toBe(3);
    expect(FakeSocket.made).toHaveLength(2);
    p.last().accept();
    expect(p.socket.state).toBe('live');
  });

  it('leaves an open socket alone when the app comes back to the foreground', () => {
    const p = phone();
    p.socket.open();
    p.last().accept();
    p.show();
    expect(FakeSocket.made).toHaveLength(1);
    expect(p.socket.state).toBe('live');
  });
});
