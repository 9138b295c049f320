import { describe, expect, it } from "vitest";
import { createFetchDrain } from "../src/host/fetch-drain.ts";

describe("the fetch-level drain (Deno's and Bun's hosts)", () => {
  it("answers normally until the drain; then holds new requests until the stop began, and says Connection: close", async () => {
    const drain = createFetchDrain({ quietMs: 20, quietMaxMs: 500 });
    const handled: string[] = [];
    let stopBegan = false;
    // Each request records whether the stop had begun when it was handled: a held one must say so,
    // however late the machine runs the test's timers.
    const fetch = drain.wrap(async (request) => {
      handled.push(`${new URL(request.url).pathname}, stop began: ${stopBegan}`);
      return new Response("ok");
    });
    const before = await fetch(new Request("http://host/before"));
    expect(before.headers.get("connection")).toBeNull();

    const events: string[] = [];
    const draining = drain.drain(async () => {
      stopBegan = true;
      events.push("stop");
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    // Arrives during the drain: held (not handled) until the stop began, then answered.
    const held = Promise.resolve(fetch(new Request("http://host/held"))).then((response) => {
      events.push(`answered, stop began: ${stopBegan}`);
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!stopBegan) expect(handled).toEqual(["/before, stop began: false"]);
    const response = await held;
    await draining;
    expect(handled).toEqual(["/before, stop began: false", "/held, stop began: true"]);
    expect(events).toEqual(["stop", "answered, stop began: true"]);
    expect(response.headers.get("connection")).toBe("close");
  });

  it("marks immutable responses too (a copy), and stops after quietMaxMs when requests never pause", async () => {
    const drain = createFetchDrain({ quietMs: 50, quietMaxMs: 100 });
    const fetch = drain.wrap(async () => Response.redirect("http://host/elsewhere", 302));
    const started = Date.now();
    // A request handled but never finishing keeps the wire from being quiet: the drain waits 100 ms at most.
    const slow = drain.wrap(
      () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response("late")), 300)),
    );
    const inFlight = Promise.resolve(slow(new Request("http://host/slow")));
    await drain.drain(async () => {});
    expect(Date.now() - started).toBeLessThan(290);
    const redirected = await fetch(new Request("http://host/r"));
    expect([redirected.status, redirected.headers.get("connection")]).toEqual([302, "close"]);
    expect((await inFlight).headers.get("connection")).toBe("close");
  });
});
