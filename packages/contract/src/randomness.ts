/**
 * Whether a sequence (an id's characters, a key's bytes) shows a pattern a person or a counter makes rather
 * than chance: fewer than `least` different values ('aaaa…', 'abab…'), fewer than `least` different steps
 * from one value to the next ('abcd…', 'aabbcc…', 'a1b2c3…'), or a part written twice or more ('xyzxyz…').
 */
export function patterned(values: readonly number[], least: number): boolean {
  const steps = values.slice(1).map((value, i) => value - values[i]!);
  return (
    new Set(values).size < least || new Set(steps).size < least || 2 * shortestPeriod(values) <= values.length
  );
}

/** The length of the shortest part the sequence repeats (its whole length when it repeats nothing), by KMP's failure function. */
function shortestPeriod(values: readonly number[]): number {
  const border = new Array<number>(values.length).fill(0);
  for (let i = 1; i < values.length; i++) {
    let k = border[i - 1]!;
    while (k > 0 && values[i] !== values[k]) k = border[k - 1]!;
    border[i] = values[i] === values[k] ? k + 1 : 0;
  }
  return values.length - (border[values.length - 1] ?? 0);
}

/** A text's characters as numbers, for `patterned`. */
export const charCodes = (text: string): number[] => Array.from(text, (c) => c.codePointAt(0)!);
