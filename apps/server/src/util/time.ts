const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in UTC: how times are shown on orders and ledger rows. */
export function utcText(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** The Date a wire time ('YYYY-MM-DD HH:mm:ss', UTC) names; null for a time that is no real one (a 30 February). */
export function utcDate(text: string): Date | null {
  const date = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) || utcText(date) !== text ? null : date;
}
