/**
 * `request` made to send one call at a time, each after the previous one has settled: the server applies
 * writes in the order they arrive, and two taps in quick succession must be kept in the order they were made.
 */
export function inOrder<A extends unknown[], T>(
  request: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  return (...args) => {
    const answer = previous.then(() => request(...args));
    // A refused call does not hold up the next one.
    previous = answer.catch(() => undefined);
    return answer;
  };
}
