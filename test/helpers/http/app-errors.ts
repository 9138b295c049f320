import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const SERVICE_TYPE_VALUES = "internet, electricity, natural_gas, tv, mobile, home_security";

export const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });

export let t: TestApp;
export let key: string;

/** POST /provider/offers with the provider key and a JSON body. */
export const postOffer = (body: unknown, headers?: Record<string, string>) =>
  t.request("POST", "/provider/offers", { key, body, ...(headers ? { headers } : {}) });

/** Registers the hooks of an app errors test file: a test app and a provider key, closed after the file. */
export function setupErrorsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    ({ apiKey: key } = await t.createTeam("provider"));
  });
  afterAll(() => t.close());
}
