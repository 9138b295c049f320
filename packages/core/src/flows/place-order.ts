/**
 * The place-order command: parse, check the offers, write the order, its items, its events (and
 * consent records, for public channels) in one transaction; optionally idempotent.
 *
 * @module
 */

import { canonicalJson } from "../canonical-json.ts";
import {
  appendConsentEntries,
  type CaptureContext,
  consentDecisionProblems,
  consentRecordedEvent,
  consentRecordsForOrder,
  hasGrantedOrderContact,
  recordedEntry,
} from "../consents/index.ts";
import { sha256Hex } from "../crypto.ts";
import { ConflictError, InvalidInputError, UnprocessableError } from "../errors.ts";
import { sumMoney } from "../money.ts";
import { signupUrlFor } from "../offers/index.ts";
import type { Order, OrderableOffer, OrderItem, PlaceOrderOptions } from "../orders/index.ts";
import {
  normalizeAddress,
  normalizeContact,
  orderPlacedEvents,
  type PlaceOrderInput,
  parsePlaceOrder,
  recomputeOrderStatus,
} from "../orders/index.ts";
import type { TransactionScope } from "../ports.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";

/** How long an `Idempotency-Key` is remembered. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What `placeOrder` carries out: who places what, with the options of `orders.place`. */
export interface PlaceOrderCommand extends PlaceOrderOptions {
  /** The reseller team placing the order. */
  principal: Pick<Principal, "teamId">;
  /** The order as sent: parsed as `parsePlaceOrder` does. */
  input: unknown;
}

/** The parts of the transaction scope placing an order uses. */
type PlaceOrderScope = "orders" | "customers" | "idempotency" | "consents" | "consentLedger" | "outbox";

/** What `placeInTransaction` writes: the parsed order, its checked offers, and its options. */
interface PlaceInTransaction {
  principal: Pick<Principal, "teamId">;
  input: PlaceOrderInput;
  /** The offers the order names, checked (`orderableOffers`). */
  orderable: Map<string, OrderableOffer>;
  /** The `Idempotency-Key` and the request's hash, when the order is idempotent. */
  idempotency: { key: string; hash: string } | null;
  consents: PlaceOrderOptions["consents"];
}

class KeyTaken extends Error {}

/**
 * Places an order (see `OrderUseCases.place`).
 *
 * @example
 * const order = await placeOrder(ctx, { principal, input: body, idempotencyKey: "retry-1" });
 */
export async function placeOrder(ctx: UseCaseContext<PlaceOrderScope>, command: PlaceOrderCommand): Promise<Order> {
  const { unitOfWork } = ctx;
  const { principal, input: rawInput, ...options } = command;
  const parsed = parsePlaceOrder(rawInput);
  const problems = parsed.ok ? [] : parsed.problems;
  const key = options.idempotencyKey ?? null;
  if (key !== null && (key.length === 0 || key.length > 255 || !/^[\x21-\x7e]+$/.test(key))) {
    problems.push("Idempotency-Key must be 1 to 255 visible ASCII characters");
  }
  if (options.consents) problems.push(...consentDecisionProblems(options.consents.decisions));
  if (problems.length > 0) throw new InvalidInputError(problems);
  if (options.consents && !hasGrantedOrderContact(options.consents.decisions)) {
    throw new UnprocessableError("consents must include a granted order_contact decision", "consent_required");
  }
  const { consents } = options;
  const input = (parsed as { value: PlaceOrderInput }).value;
  if (key === null) {
    const orderable = await orderableOffers(ctx, input);
    const placing = { principal, input, orderable, idempotency: null, consents };
    return unitOfWork.transaction((tx) => placeInTransaction(ctx, tx, placing));
  }

  // The body as sent, not as parsed: a retry must repeat the request, not merely mean the same.
  const hash = await sha256Hex(canonicalJson(rawInput));
  const earlier = await replay(ctx, principal, key, hash);
  if (earlier) return earlier;
  const orderable = await orderableOffers(ctx, input);
  try {
    const placing = { principal, input, orderable, idempotency: { key, hash }, consents };
    return await unitOfWork.transaction((tx) => placeInTransaction(ctx, tx, placing));
  } catch (error) {
    // A concurrent request with the same key committed first: answer as it did.
    if (!(error instanceof KeyTaken)) throw error;
    const winner = await replay(ctx, principal, key, hash);
    if (!winner) throw new ConflictError("A request with this Idempotency-Key is still being processed; retry shortly");
    return winner;
  }
}

async function replay(
  ctx: UseCaseContext<"idempotency">,
  principal: Pick<Principal, "teamId">,
  key: string,
  requestHash: string,
): Promise<Order | null> {
  const { unitOfWork, clock } = ctx;
  const notBefore = new Date(clock.now().getTime() - IDEMPOTENCY_WINDOW_MS);
  const record = await unitOfWork.repositories.idempotency.find(principal.teamId, key, notBefore);
  if (!record) return null;
  if (record.requestHash !== requestHash) {
    throw new UnprocessableError(
      "This Idempotency-Key was already used with a different request body",
      "idempotency_key_reused",
    );
  }
  if (record.response === null) {
    throw new ConflictError("A request with this Idempotency-Key is still being processed; retry shortly");
  }
  return reviveOrder(record.response);
}

/**
 * The offers an order names, checked: each active, available at the service address and, when
 * lead_gen, with a signup template; UnprocessableError otherwise. Read before the order's
 * transaction (a plain read: inside it, READ COMMITTED would see the same), so the transaction
 * holds its connection for the writes only.
 */
async function orderableOffers(
  ctx: UseCaseContext<"orders">,
  input: PlaceOrderInput,
): Promise<Map<string, OrderableOffer>> {
  const { unitOfWork } = ctx;
  const zipCode = normalizeAddress(input.serviceAddress).zipCode;
  const requested = input.items.map((item) => item.offerId);
  const orderable = new Map(
    (await unitOfWork.repositories.orders.findOrderableOffers([...new Set(requested)], zipCode)).map((o) => [
      o.offer.id,
      o,
    ]),
  );
  for (const offerId of requested) {
    const found = orderable.get(offerId);
    if (!found) throw new UnprocessableError(`Offer ${offerId} is not available`, "offer_unavailable");
    const label = `Offer "${found.offer.name}" (${offerId})`;
    if (!found.availableAtZip) {
      throw new UnprocessableError(`${label} is not available at ZIP ${zipCode}`, "offer_unavailable");
    }
    if (found.offer.partnerSignup?.kind === "lead_gen" && !found.offer.partnerSignup.signupUrlTemplate) {
      throw new UnprocessableError(
        `${label} is a lead_gen offer with no signup template configured`,
        "signup_template_missing",
      );
    }
  }
  return orderable;
}

async function placeInTransaction(
  ctx: UseCaseContext<PlaceOrderScope>,
  tx: Pick<TransactionScope, PlaceOrderScope>,
  command: PlaceInTransaction,
): Promise<Order> {
  const { clock, ids } = ctx;
  const { principal, input, orderable, idempotency, consents } = command;
  const at = () => ({ id: () => ids.uuid(), now: clock.now() });
  const now = clock.now();
  const notBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  if (
    idempotency &&
    !(await tx.idempotency.claim(principal.teamId, idempotency.key, idempotency.hash, now, notBefore))
  ) {
    throw new KeyTaken();
  }
  const address = normalizeAddress(input.serviceAddress);
  const contact = normalizeContact(input.customer);
  const isTraining = input.isTraining ?? false;
  const requested = input.items.map((item) => item.offerId);

  const customerId = isTraining
    ? null
    : await tx.customers.upsertForOrder(principal.teamId, contact, { id: ids.uuid(), now });
  const orderId = ids.uuid();
  const items: OrderItem[] = requested.map((offerId) => {
    const { offer, providerName } = orderable.get(offerId) as NonNullable<ReturnType<typeof orderable.get>>;
    const id = ids.uuid();
    const handoff = offer.partnerSignup?.kind === "lead_gen";
    return {
      id,
      orderId,
      status: handoff ? "handoff" : "pending",
      isTraining,
      offer: {
        offerId: offer.id,
        offerName: offer.name,
        serviceType: offer.serviceType,
        providerTeamId: offer.teamId,
        providerName,
        monthlyPrice: offer.monthlyPrice,
        promoMonthlyPrice: offer.promoMonthlyPrice,
        promoDurationMonths: offer.promoDurationMonths,
        contractTermMonths: offer.contractTermMonths,
        commission: offer.commission,
        internet: offer.internet,
        electricity: offer.electricity,
        submissionUrl: offer.submissionUrl,
      },
      handoffRedirectUrl: handoff && offer.partnerSignup ? signupUrlFor(offer.partnerSignup, id) : null,
      scheduledDate: null,
      rejectionReason: null,
      commission: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const order: Order = {
    id: orderId,
    resellerTeamId: principal.teamId,
    customerId,
    customer: contact,
    serviceAddress: address,
    moveInDate: input.moveInDate ?? null,
    installationDate: input.installationDate ?? null,
    isTraining,
    status: recomputeOrderStatus(items.map((item) => item.status)),
    totalMonthly: sumMoney(
      items.filter((item) => item.status !== "handoff").map((item) => item.offer.monthlyPrice ?? "0.00"),
    ),
    items,
    createdAt: now,
    updatedAt: now,
  };
  if (consents?.capture) {
    order.channel = { storefrontId: consents.capture.storefrontId, linkId: consents.capture.linkId };
  }
  const records = consents
    ? consentRecordsForOrder(order, consents.decisions, consents.client, { id: () => ids.uuid(), now })
    : [];
  const events = orderPlacedEvents(order, at());
  for (const record of records) events.push(consentRecordedEvent(record, at()));
  // The events first, then the order: only the outbox records events, and an adapter may write
  // those it holds with the order's rows (the PostgreSQL one does: ADR-0082).
  await tx.outbox.record(events);
  await tx.orders.insert(order);
  if (records.length > 0) {
    await tx.consents.insert(records);
    const capture = consents?.capture ?? NO_CAPTURE;
    await appendConsentEntries(
      tx,
      records.map((record) => recordedEntry(record, capture, offersOfTeam(order, record.providerTeamId))),
    );
  }
  if (idempotency) await tx.idempotency.complete(principal.teamId, idempotency.key, order);
  return order;
}

const NO_CAPTURE: CaptureContext = { storefrontId: null, linkId: null, pageUrl: null };

/** The order's offers of one provider team, each once, in item order. */
function offersOfTeam(order: Order, providerTeamId: string): string[] {
  const ids = order.items
    .filter((item) => item.offer.providerTeamId === providerTeamId)
    .map((item) => item.offer.offerId);
  return [...new Set(ids)];
}

/** An order stored as JSON (idempotency replay) back with its dates. */
function reviveOrder(stored: unknown): Order {
  const order = stored as Order & { createdAt: string; updatedAt: string };
  return {
    ...order,
    createdAt: new Date(order.createdAt),
    updatedAt: new Date(order.updatedAt),
    items: order.items.map((item) => ({
      ...item,
      createdAt: new Date(item.createdAt as unknown as string),
      updatedAt: new Date(item.updatedAt as unknown as string),
      commission: item.commission
        ? { ...item.commission, accruedAt: new Date(item.commission.accruedAt as unknown as string) }
        : null,
    })),
  };
}
