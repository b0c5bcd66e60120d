import "./zod-setup";

import { describe, expect, it } from "vitest";
import { config, z } from "zod";

import { formErrorMap } from "~/ui/form/form-messages";

// app/zod-setup.ts writes Zod's global configuration without importing Zod (so pages without a form
// do not download it): this fails if a Zod release keeps its configuration somewhere else.
describe("zod setup", () => {
  it("given the setup, should be Zod's own configuration: the form error map and no eval probe", () => {
    expect(config().customError).toBe(formErrorMap);
    expect(config().jitless).toBe(true);
  });

  it("given a schema made after the setup, should report issues as the kit's message keys", () => {
    const result = z.object({ name: z.string().max(3) }).safeParse({ name: "abcd" });
    expect(result.error?.issues[0]?.message).toMatch(/^tooLong/);
  });
});
