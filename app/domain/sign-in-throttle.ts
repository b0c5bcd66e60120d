/**
 * Sign-in throttling rules (docs/decisions/0007-sign-in.md). A single per-account counter let a
 * stranger lock the owner out with five wrong passwords, so failures are counted under several
 * keys and an attempt is refused only by the counters that describe *it*:
 *
 * - `accountAddress`: this account from this client address — 5 failures hold that address back
 *   for this account, the owner elsewhere is unaffected;
 * - `address`: every sign-in failure from this client address — 20 throttle the address;
 * - `account`: this account from anywhere — a higher ceiling (30) for guessing spread over many
 *   addresses; reaching it holds back every browser *not* known to the account and e-mails the owner;
 * - `device`: a browser that signed in to this account before carries a device cookie (OWASP
 *   "device cookies"); it is exempt from the three counters above and has its own budget of 5.
 *
 * The account part of a key is the e-mail typed, whether or not an account has it, so throttling
 * reveals nothing about which accounts exist.
 */
export const signInThrottleWindowMs = 15 * 60_000;

export const signInLimits = { accountAddress: 5, address: 20, account: 30, device: 5 } as const;

export type SignInKind = "customer" | "staff";

export interface SignInThrottleKeys {
  account: string;
  accountAddress: string;
  address: string;
  /** Only for a browser whose device cookie is valid for this account. */
  device: string | null;
}

export type SignInCounters = Record<keyof typeof signInLimits, number>;

export function accountThrottleKey(kind: SignInKind, email: string): string {
  return `login:acct:${kind}:${email.slice(0, 254)}`;
}

/** Every per-address key of one account starts with this (a password reset lifts them all). */
export function accountAddressThrottlePrefix(kind: SignInKind, email: string): string {
  return `login:acip:${kind}:${email.slice(0, 254)}|`;
}

export function addressThrottleKey(address: string): string {
  return `login:ip:${address}`;
}

export function signInThrottleKeys(kind: SignInKind, email: string, address: string, deviceId: string | null): SignInThrottleKeys {
  return {
    account: accountThrottleKey(kind, email),
    accountAddress: `${accountAddressThrottlePrefix(kind, email)}${address}`,
    address: addressThrottleKey(address),
    device: deviceId ? `login:device:${kind}:${deviceId}` : null,
  };
}

/** Whether this attempt is refused before its password is checked. */
export function isSignInThrottled(counters: SignInCounters, knownDevice: boolean): boolean {
  if (knownDevice) return counters.device >= signInLimits.device;
  return counters.accountAddress >= signInLimits.accountAddress || counters.address >= signInLimits.address || counters.account >= signInLimits.account;
}

/** The keys a failed attempt is counted under: all that apply, so a known browser still feeds the account's ceiling. */
export function failureKeys(keys: SignInThrottleKeys): string[] {
  return [keys.accountAddress, keys.address, keys.account, ...(keys.device ? [keys.device] : [])];
}

/**
 * The keys a successful sign-in clears: this address's and this browser's counters for the account.
 * The account-wide ceiling is left to run out: the owner signing in does not make guessing from
 * elsewhere any less likely (and clearing it would let the lock — and its e-mail — start over).
 */
export function clearedOnSuccess(keys: SignInThrottleKeys): string[] {
  return [keys.accountAddress, ...(keys.device ? [keys.device] : [])];
}
