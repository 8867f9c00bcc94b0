import { charCodes, patterned } from '@meridian/contract';

/** The shortest OPERATOR_PASSWORD a server starts with. */
export const FIRST_PASSWORD_MIN = 16;

/** What the README shows in its place: pasted as it is, it must not start a server. */
export const FIRST_PASSWORD_PLACEHOLDER = '<at least 16 random characters>';

/** What a guesser tries first: common passwords' stems, this product's name, the back office's words, the README's old example. */
const GUESSED_WORDS = [
  'password',
  'passwort',
  'changeme',
  'letmein',
  'welcome',
  'qwerty',
  'iloveyou',
  'admin',
  'operator',
  'meridian',
  'secret',
  'default',
  'example',
  '123456',
  '1q2w3e',
];

/** Letters people write as digits or signs ('P@ssw0rd' is 'password'). */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/**
 * Why OPERATOR_PASSWORD is too easy to guess, or undefined when it will do: whoever signs in first with it
 * sets the first operator's own password and authenticator, so it must not be short, a pattern, the README's
 * placeholder or built on a word a guesser tries first.
 */
export function weakFirstPassword(password: string): string | undefined {
  if (password.length < FIRST_PASSWORD_MIN)
    return `it has ${password.length} characters, fewer than ${FIRST_PASSWORD_MIN}`;
  if (password === FIRST_PASSWORD_PLACEHOLDER) return "it is the README's placeholder";
  if (patterned(charCodes(password), 8))
    return 'it is a pattern (few different characters, a sequence or a part repeated)';
  const word = guessedWordIn(password);
  return word ? `it contains "${word}", one of the first words a guesser tries` : undefined;
}

/** The first guessed word the password contains, separators ignored, as written or with its look-alike letters read back. */
function guessedWordIn(password: string): string | undefined {
  const plain = password.toLowerCase().replace(/[\s_.-]/g, '');
  const read = Array.from(plain, (c) => LOOKALIKES[c] ?? c).join('');
  return GUESSED_WORDS.find((word) => plain.includes(word) || read.includes(word));
}
