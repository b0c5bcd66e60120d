import { afterEach, describe, expect, it } from "vitest";

import { hashPassword, needsRehash, setPasswordHashCost, unknownAccountHash, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("stores scrypt parameters, salt and key, and verifies the right password only", async () => {
    const stored = await hashPassword("Customer123");
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("Customer123", stored)).toBe(true);
    expect(await verifyPassword("customer123", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const [first, second] = await Promise.all([hashPassword("Staff12345"), hashPassword("Staff12345")]);
    expect(first).not.toBe(second);
    expect(await verifyPassword("Staff12345", second)).toBe(true);
  });

  it("handles Thai and long passwords", async () => {
    const password = `รหัสผ่านยาว${"x".repeat(80)}A1`;
    expect(await verifyPassword(password, await hashPassword(password))).toBe(true);
  });

  it.each([
    "",
    "plain",
    "scrypt$16384$8$5$onlysalt",
    "bcrypt$1$2$3$4$5",
    "scrypt$3$8$5$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5",
    "scrypt$1073741824$8$5$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5",
  ])("rejects the malformed stored value %j without throwing", async (stored) => {
    expect(await verifyPassword("anything", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it("verifies hashes made with other parameters and asks for a re-hash", async () => {
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("OldPassword1", salt, 32, { N: 2 ** 12, r: 8, p: 1 });
    const stored = `scrypt$4096$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    expect(await verifyPassword("OldPassword1", stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });
});

describe("the hashing cost", () => {
  afterEach(() => setPasswordHashCost(undefined));

  it.each([undefined, "", "TEST", "fast", "production"])("given PASSWORD_HASH_COST=%j, should hash at production's cost", async (name) => {
    setPasswordHashCost(name);
    expect(await hashPassword("Green-Giraffe-42")).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(unknownAccountHash()).toMatch(/^scrypt\$16384\$8\$5\$/);
  });

  it('given "test", should hash cheaper, still verify, and check unknown accounts at the same cost', async () => {
    setPasswordHashCost("test");
    const stored = await hashPassword("Green-Giraffe-42");
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("Green-Giraffe-42", stored)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
    expect(unknownAccountHash()).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(needsRehash(unknownAccountHash())).toBe(false);
    expect(await verifyPassword("Green-Giraffe-42", unknownAccountHash())).toBe(false);
  });

  it("given hashes of either cost, should verify both whichever cost is current (the parameters are stored with the hash)", async () => {
    const strong = await hashPassword("Green-Giraffe-42");
    setPasswordHashCost("test");
    const cheap = await hashPassword("Green-Giraffe-42");
    expect(await verifyPassword("Green-Giraffe-42", strong)).toBe(true);
    setPasswordHashCost(undefined);
    expect(await verifyPassword("Green-Giraffe-42", cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
  });
});
