import type { TestProject } from "vitest/node";
import { startFakeRatesServer } from "../fixtures/fake-rates-server";

declare module "vitest" {
  export interface ProvidedContext {
    fakeRatesUrl: string;
  }
}

/** Runs in Node before the Workers pool starts: the local stand-ins for external services. */
export default async function setup(project: TestProject) {
  const rates = await startFakeRatesServer();
  project.provide("fakeRatesUrl", rates.url);
  return async () => rates.close();
}
