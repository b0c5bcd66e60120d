import { describe, expect, it } from "vitest";

import { clearedOnSuccess, failureKeys, isSignInThrottled, type SignInCounters, signInThrottleKeys } from "./sign-in-throttle";

const none: SignInCounters = { accountAddress: 0, address: 0, account: 0, device: 0 };

describe("isSignInThrottled", () => {
  it.each([
    ["nothing counted, a new browser", none, false, false],
    ["4 failures for the account from this address", { ...none, accountAddress: 4 }, false, false],
    ["5 failures for the account from this address", { ...none, accountAddress: 5 }, false, true],
    ["19 failures from this address", { ...none, address: 19 }, false, false],
    ["20 failures from this address", { ...none, address: 20 }, false, true],
    ["29 failures for the account from anywhere", { ...none, account: 29 }, false, false],
    ["30 failures for the account from anywhere", { ...none, account: 30 }, false, true],
    ["the account locked, but a known browser", { ...none, account: 30, accountAddress: 5, address: 20 }, true, false],
    ["a known browser at 4 failures of its own", { ...none, device: 4 }, true, false],
    ["a known browser at 5 failures of its own", { ...none, device: 5 }, true, true],
    ["a new browser does not use a device budget", { ...none, device: 99 }, false, false],
  ])("given %s, should answer %s", (_case, counters, knownDevice, throttled) => {
    expect(isSignInThrottled(counters, knownDevice)).toBe(throttled);
  });
});

describe("signInThrottleKeys", () => {
  it("given an account, an address and no device, should key the account per address and in total", () => {
    const keys = signInThrottleKeys("customer", "a_b@x.test", "10.0.0.1", null);
    expect(keys).toEqual({
      account: "login:acct:customer:a_b@x.test",
      accountAddress: "login:acip:customer:a_b@x.test|10.0.0.1",
      address: "login:ip:10.0.0.1",
      device: null,
    });
    expect(failureKeys(keys)).toEqual([keys.accountAddress, keys.address, keys.account]);
    // Success leaves the account-wide ceiling to run out.
    expect(clearedOnSuccess(keys)).toEqual([keys.accountAddress]);
  });

  it("given a known device, should count its failures under its own key too and clear it on success", () => {
    const keys = signInThrottleKeys("staff", "s@x.test", "local", "device-1");
    expect(keys.device).toBe("login:device:staff:device-1");
    expect(failureKeys(keys)).toContain(keys.device);
    expect(clearedOnSuccess(keys)).toEqual([keys.accountAddress, keys.device]);
  });
});
