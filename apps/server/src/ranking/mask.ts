/** The first `n` characters and the rest replaced by ***, counting characters, not UTF-16 units. */
const keep = (text: string, n: number) => `${[...text].slice(0, n).join('')}***`;

/**
 * A trader's name as the public leaderboard shows it: "Am***K." for a name, "an***@gm***" for an
 * e-mail, "77***23" for a phone number.
 */
export function maskedName(user: {
  name: string | null;
  email: string | null;
  mobile: string | null;
}): string {
  if (user.name) {
    const chars = [...user.name.trim()];
    return chars.length > 4 ? `${keep(user.name.trim(), 2)}${chars.slice(-2).join('')}` : keep(user.name, 1);
  }
  if (user.email) {
    const [local = '', domain = ''] = user.email.split('@');
    return `${keep(local, 2)}@${keep(domain, 2)}`;
  }
  const mobile = user.mobile ?? '';
  return `${keep(mobile, 2)}${mobile.slice(-2)}`;
}
