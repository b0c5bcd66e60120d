import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt from node:crypto (available in Workers through nodejs_compat).
 * Not PBKDF2: production Workers cap it at 100 000 iterations while local runs do not (DESIGN §5).
 * Stored form: `scrypt$N$r$p$<salt base64>$<hash base64>` so parameters can be raised later and
 * old hashes still verify (callers may re-hash on login when `needsRehash` says so).
 */
interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

const productionCost: ScryptCost = { N: 2 ** 14, r: 8, p: 5 };
/**
 * The test suites' cost, as Devise's `stretches = 1` or Django's test hasher: a run signs in hundreds
 * of times and production's cost is about 0.3 s of CPU each. Only `PASSWORD_HASH_COST=test` (set by
 * the integration and e2e harnesses, never in wrangler.toml) chooses it.
 */
const testCost: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
let current = productionCost;

/** The cost new hashes get: production's unless the environment names the test suites' ("test"). */
export function setPasswordHashCost(name: string | undefined): void {
  current = name === "test" ? testCost : productionCost;
}

/**
 * Hashes of a password nobody has, checked when the e-mail has no account: a sign-in then costs the
 * same scrypt work as with a real account, so response time does not tell which accounts exist.
 */
const unknownAccountHashes = new Map<ScryptCost, string>([
  [productionCost, "scrypt$16384$8$5$OisWEM7rIVliANrkn+WN4Q==$+Lj8zkU5NoerBHuurIb3egxFtGSxshVHCPgDcMd7IEs="],
  [testCost, "scrypt$1024$8$1$x+HzVj4R5yLSvc8CtOVRbA==$C1NmRy6BlUEvTDQ0R1CSugMWnd9LtsFSMYdlyjTyyNw="],
]);

export function unknownAccountHash(): string {
  return unknownAccountHashes.get(current)!;
}
const saltBytes = 16;
const keyBytes = 32;
/** scrypt needs about 128 · N · r bytes (16 MiB here); leave head-room above Node's 32 MiB default. */
const maxmem = 64 * 1024 * 1024;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, length, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltBytes);
  const key = await deriveKey(password, salt, current, keyBytes);
  return ["scrypt", current.N, current.r, current.p, salt.toString("base64"), key.toString("base64")].join("$");
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => Number(part));
  if (!N || !r || !p || !Number.isSafeInteger(N) || !Number.isSafeInteger(r) || !Number.isSafeInteger(p)) return null;
  // Reject parameters no hash of ours would have (also bounds the work a bad row can cause).
  if (N < 2 ** 10 || N > 2 ** 16 || (N & (N - 1)) !== 0 || r > 16 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const key = Buffer.from(parts[5] ?? "", "base64");
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** False for a wrong password and for a malformed stored value; never throws for bad input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p }, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses other parameters than today's (re-hash after a successful login). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N !== current.N || parsed.r !== current.r || parsed.p !== current.p || parsed.key.length !== keyBytes;
}
