import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.ts";
import { createMarketplace } from "../marketplace.ts";
import { deliveryJobs, InMemoryUnitOfWork, RecordingWebhookTransport, runDeliveryJobs } from "../testing/index.ts";

// webhooks.sendTest: `webhook.test`, or a sample of a type the team may subscribe to (the dashboard's
// "send an example" in the webhooks portal goes through here too).

async function setUp() {
  const unitOfWork = new InMemoryUnitOfWork();
  const marketplace = createMarketplace({ unitOfWork });
  const { team, apiKey } = await marketplace.teams.create({ name: "Resell Co", role: "reseller" });
  const principal = { teamId: team.id, role: team.role, apiKeyId: apiKey.id };
  const webhook = await marketplace.webhooks.create(principal, {
    url: "https://hooks.example/resell",
    events: ["order.created"],
  });
  return { unitOfWork, marketplace, principal, webhook };
}

describe("webhooks.sendTest", () => {
  it("queues a sample of a subscribable type for this webhook alone, marked training", async () => {
    const { unitOfWork, marketplace, principal, webhook } = await setUp();
    const queued = await marketplace.webhooks.sendTest(principal, webhook.id, {
      eventType: "order.created",
      data: { orderId: "sample-1", training: false },
    });
    expect(queued).toMatchObject({ webhookId: webhook.id, eventType: "order.created", trigger: "test" });
    const transport = new RecordingWebhookTransport();
    await runDeliveryJobs(unitOfWork, { transport });
    expect(transport.requests).toHaveLength(1);
    expect(JSON.parse(transport.requests[0]?.body ?? "")).toMatchObject({
      id: queued.eventId,
      type: "order.created",
      data: { orderId: "sample-1", training: true },
    });
  });

  it("refuses a sample of a type the team cannot subscribe to, and queues nothing", async () => {
    const { unitOfWork, marketplace, principal, webhook } = await setUp();
    const refused = marketplace.webhooks.sendTest(principal, webhook.id, { eventType: "consent.revoked", data: {} });
    await expect(refused).rejects.toBeInstanceOf(InvalidInputError);
    await expect(refused).rejects.toMatchObject({
      problems: [expect.stringMatching(/^eventType must be one of the following values: order\.created, /)],
    });
    expect(await deliveryJobs(unitOfWork)).toEqual([]);
  });
});
