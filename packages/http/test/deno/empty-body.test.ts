/**
 * Under `Deno.serve` a request's headers are immutable: `emptyBodyIsNoBody` once deleted the
 * content type in place and every route behind it answered 500 ("Cannot change headers: headers are
 * immutable"). Run by `pnpm test:deno` (`deno test --allow-net packages/http/test/deno`).
 */

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { OpenAPIHono } from "@hono/zod-openapi";
import { silentLogger } from "@marketplace/core";
import { createErrorHandler } from "../../src/errors.ts";
import { createRoute } from "../../src/route.ts";
import { emptyBodyIsNoBody, noBody } from "../../src/schemas.ts";
import { validationHook } from "../../src/validation.ts";

const app = new OpenAPIHono({ defaultHook: validationHook });
app.onError(createErrorHandler(silentLogger));
const seen: Request[] = [];
const route = createRoute({
  method: "post",
  path: "/things/{id}/publish",
  request: { body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: { 200: { description: "Done" } },
});
app.openapi(route, (c) => {
  seen.push(c.req.raw);
  return c.json({ published: true }, 200);
});

async function serve(run: (origin: string) => Promise<void>): Promise<void> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => app.fetch(request));
  try {
    await run(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

Deno.test("emptyBodyIsNoBody under Deno.serve: an empty body labelled JSON is no body, not a 500", async () => {
  await serve(async (origin) => {
    for (const init of [
      { headers: { "content-type": "application/json" } },
      { headers: { "content-type": "application/json" }, body: "" },
      { headers: { "content-type": "text/plain" }, body: "" },
    ]) {
      const response = await fetch(`${origin}/things/1/publish`, { method: "POST", ...init });
      assertEquals([response.status, await response.json()], [200, { published: true }]);
    }
  });
});

Deno.test("emptyBodyIsNoBody under Deno.serve: a body with properties is still a 400, another type a 415", async () => {
  await serve(async (origin) => {
    const withProperty = await fetch(`${origin}/things/1/publish`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reason: "x" }),
    });
    assertEquals(withProperty.status, 400);
    assertEquals((await withProperty.json()).message, ["property reason should not exist"]);
    const text = await fetch(`${origin}/things/1/publish`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "garbage{",
    });
    assertEquals(text.status, 415);
    await text.body?.cancel();
  });
});

Deno.test("emptyBodyIsNoBody copies only the requests whose content type must go", async () => {
  seen.length = 0;
  const served: Request[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    served.push(request);
    return app.fetch(request);
  });
  try {
    const at = `http://127.0.0.1:${server.addr.port}/things/1/publish`;
    const json = { "content-type": "application/json" };
    for (const init of [{}, { headers: json, body: "{}" }, { headers: json, body: "" }]) {
      await (await fetch(at, { method: "POST", ...init })).body?.cancel();
    }
  } finally {
    await server.shutdown();
  }
  assertEquals(seen.length, 3);
  assertEquals(
    seen.map((request, i) => request === served[i]),
    [true, true, false],
  );
  assertEquals(seen[2]?.headers.has("content-type"), false);
});
