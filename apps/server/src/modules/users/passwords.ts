import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@ginhawa/contract';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** A hash of a random string, verified against when the username is unknown, so timing does not tell. */
let decoyHash: Promise<string> | undefined;
export const getDecoyHash = () => (decoyHash ??= hashPassword(crypto.randomUUID()));

// Common passwords long enough to pass the length rule (shorter ones already fail it).
const COMMON = new Set(
  [
    '1234567890',
    '0123456789',
    '0987654321',
    '12345678910',
    '123456789a',
    'a123456789',
    '1234567890a',
    'qwertyuiop',
    'qwertyuiop1',
    'asdfghjkl1',
    'zxcvbnm123',
    '1q2w3e4r5t',
    '1q2w3e4r5t6y',
    'q1w2e3r4t5',
    'q1w2e3r4t5y6',
    'qazwsxedcrfv',
    '1qaz2wsx3edc',
    'zaq12wsxcde3',
    'password12',
    'password123',
    'password1234',
    'password!',
    'password01',
    'passw0rd123',
    'p@ssw0rd123',
    'p@ssword123',
    'iloveyou12',
    'iloveyou123',
    'welcome123',
    'welcome1234',
    'administrator',
    'admin12345',
    'admin123456',
    'adminadmin',
    'changeme123',
    'letmein123',
    'football123',
    'baseball123',
    'sunshine123',
    'princess123',
    'qwerty12345',
    'qwerty123456',
    'abcdefghij',
    'abcdefghijk',
    'abcd123456',
    'abc1234567',
    'abcdefg123',
    'mypassword',
    'mypassword1',
    'secret1234',
    'superman123',
    'trustno1234',
    'monkey12345',
    'dragon12345',
    'michael123',
    'computer123',
    'internet123',
    'whatever123',
    'starwars123',
    'pokemon123',
    'blink18218',
    'manila1234',
    'philippines',
    'philippines1',
    'pilipinas1',
    'mahalkita1',
    'mahalkoikaw',
    'iloveyoupo',
    'ginhawa123',
    'ginhawa1234',
    'spa1234567',
    'wellness123',
    'massage123',
    'letmeinplease',
    'passwordpassword',
    'aaaaaaaaaa',
    '1111111111',
    '0000000000',
    '1212121212',
    '1122334455',
    '5555555555',
    '9876543210',
  ].map((p) => p.toLowerCase()),
);

const isMonotone = (pw: string) => {
  if (new Set(pw).size <= 2) return true;
  const codes = [...pw].map((c) => c.charCodeAt(0));
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  return Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - (codes[i - 1] ?? 0) === step);
};

/** NIST 800-63B style: length, not composition; refuse known-weak and username-derived passwords. */
export const passwordProblems = (password: string, username?: string): string[] => {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || isMonotone(lower))
    problems.push('This password is too common. Choose a less predictable one.');
  if (username && lower.includes(username.toLowerCase()) && username.length >= 3) {
    problems.push('The password must not contain the username.');
  }
  return problems;
};
