/**
 * Password rule (spec §5, DESIGN §5): at least 8 characters with an uppercase letter, a lowercase
 * letter and a digit — or a long passphrase (20+ characters), which is stronger than any 8-character
 * mix and needs no class rule. At most 128 characters (the hash input stays bounded). Very common
 * passwords are refused whatever their shape ("Password1" meets the class rule and is the first
 * thing an attacker tries). Returns problem codes; the UI turns them into messages in its language.
 */
export const passwordMinLength = 8;
export const passphraseMinLength = 20;
export const passwordMaxLength = 128;

export type PasswordProblem = "required" | "tooShort" | "tooLong" | "needsClasses" | "tooCommon";

const commonWords = [
  "password",
  "passw0rd",
  "p@ssword",
  "p@ssw0rd",
  "qwerty",
  "qwertyuiop",
  "asdfgh",
  "asdfghjkl",
  "zxcvbnm",
  "abc",
  "abcd",
  "abcdef",
  "welcome",
  "letmein",
  "admin",
  "administrator",
  "iloveyou",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "monkey",
  "dragon",
  "master",
  "shadow",
  "michael",
  "superman",
  "batman",
  "trustno",
  "hello",
  "freedom",
  "whatever",
  "starwars",
  "pokemon",
  "computer",
  "internet",
  "samsung",
  "google",
  "changeme",
  "secret",
  "summer",
  "winter",
  "spring",
  "autumn",
  "january",
  "december",
  "love",
  "lovely",
  "qazwsx",
  "zaq1xsw",
  "test",
  "tester",
  "user",
  "guest",
  "login",
  "access",
  "default",
  "thailand",
  "bangkok",
  "pryde",
  "shop",
  "flower",
  "jordan",
  "charlie",
  "soccer",
  "hockey",
  "killer",
  "ninja",
  "mustang",
  "cheese",
  "purple",
  "orange",
  "banana",
] as const;
const commonSuffixes = [
  "",
  "1",
  "12",
  "123",
  "1234",
  "12345",
  "123456",
  "01",
  "11",
  "69",
  "99",
  "007",
  "2020",
  "2021",
  "2022",
  "2023",
  "2024",
  "2025",
  "2026",
  "!",
  "1!",
  "123!",
  "@123",
] as const;
const commonWhole = [
  "123456789",
  "1234567890",
  "12345678",
  "11111111",
  "00000000",
  "87654321",
  "1q2w3e4r",
  "1q2w3e4r5t",
  "1qaz2wsx",
  "q1w2e3r4",
  "zaq12wsx",
  "aa123456",
  "a1234567",
  "abc12345",
  "abcd1234",
  "qwe12345",
  "qwer1234",
  "asdf1234",
  "passw0rd1",
  "iloveyou1",
  "1password",
  "123qweasd",
  "qweasdzxc",
  "zxcvbnm1",
  "aa12345678",
  "a123456789",
  "qwerty123456",
  "q1w2e3r4t5y6",
] as const;

/** A few hundred of the most used passwords (lower case; the check ignores case). */
export const commonPasswords: ReadonlySet<string> = new Set([
  ...commonWords.flatMap((word) => commonSuffixes.map((suffix) => `${word}${suffix}`)),
  ...commonWhole,
]);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

/** Problems with a new password, most important first; empty when it is acceptable. */
export function passwordProblems(password: string): PasswordProblem[] {
  if (password.length === 0) return ["required"];
  const length = [...password].length;
  if (length > passwordMaxLength) return ["tooLong"];
  if (length < passwordMinLength) return ["tooShort"];
  if (isCommonPassword(password)) return ["tooCommon"];
  if (length >= passphraseMinLength) return [];
  const hasClasses = /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password);
  return hasClasses ? [] : ["needsClasses"];
}

export type ConfirmationProblem = "required" | "mismatch";

export function confirmationProblem(password: string, confirmation: string): ConfirmationProblem | null {
  if (confirmation.length === 0) return "required";
  return password === confirmation ? null : "mismatch";
}
