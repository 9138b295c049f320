import { canonicalJson } from "../canonical-json.ts";
import { consentRecordedEvent } from "../consents/consent-events.ts";
import { consentDecisionProblems, consentRecordsForOrder, hasGrantedOrderContact } from "../consents/consent-rules.ts";
import type { ClientInfo, ConsentDecision } from "../consents/consent-types.ts";
import { sha256Hex } from "../crypto.ts";
import { ConflictError, InvalidInputError, NotFoundError, UnprocessableError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { sumMoney } from "../money.ts";
import { signupUrlFor } from "../offers/offer-fields.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { TransactionScope } from "../ports.ts";
import type { Principal } from "../types.ts";
import type { UseCaseContext } from "../use-cases/context.ts";
import { itemStatusChangedEvent, orderCancelledEvent, orderPlacedEvents } from "./order-events.ts";
import {
  normalizeAddress,
  normalizeContact,
  type PlaceOrderInput,
  parseItemStatusUpdate,
  parsePlaceOrder,
} from "./order-input.ts";
import type { OrderableOffer, ProviderOrderItem } from "./order-ports.ts";
import { canProviderMove, isCancellable, type ProviderItemUpdate, recomputeOrderStatus } from "./order-status.ts";
import { ORDER_ITEM_STATUSES, type Order, type OrderItem, type OrderItemStatus } from "./order-types.ts";

/** How long an `Idempotency-Key` is remembered. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Options of `orders.place`. */
export interface PlaceOrderOptions {
  /** Opt-in: a retried request with the same key returns the first response instead of a new order. */
  idempotencyKey?: string | null;
  /**
   * The consumer's consent decisions, for orders placed through a public channel: they must include a
   * granted `order_contact` decision (else UnprocessableError `consent_required`); each is recorded
   * once per provider team of the order, with `order.consent_recorded`, in the order's transaction.
   */
  consents?: { decisions: readonly ConsentDecision[]; client: ClientInfo };
}

/** Orders: placed and cancelled by resellers, fulfilled by providers. */
export interface OrderUseCases {
  /**
   * Places an order for the principal's reseller team: offers must be active and available at the
   * address's ZIP (else UnprocessableError naming the offer); prices and offer data are snapshotted;
   * `order.created` and one `order.item.created` per item are recorded in the same transaction.
   */
  place(principal: Pick<Principal, "teamId">, input: PlaceOrderInput, options?: PlaceOrderOptions): Promise<Order>;
  /** The team's orders, newest first. */
  listForReseller(principal: Principal, page: PageRequest): Promise<ListResult<Order>>;
  /** One of the team's orders; NotFoundError otherwise. */
  getForReseller(principal: Principal, orderId: string): Promise<Order>;
  /** Cancels every non-final item; ConflictError when none can be cancelled. */
  cancel(principal: Principal, orderId: string): Promise<Order>;
  /** Items on the team's offers, newest first, optionally of one status. */
  listForProvider(
    principal: Principal,
    filter: { status?: OrderItemStatus },
    page: PageRequest,
  ): Promise<ListResult<ProviderOrderItem>>;
  /** One item on the team's offers with its order; NotFoundError otherwise. */
  getForProvider(principal: Principal, itemId: string): Promise<ProviderOrderItem>;
  /** Accept, reject, schedule or complete an item; ConflictError for a move the state machine forbids. */
  updateItemStatus(principal: Principal, itemId: string, update: ProviderItemUpdate): Promise<ProviderOrderItem>;
}

class KeyTaken extends Error {}

export function orderUseCases(ctx: UseCaseContext): OrderUseCases {
  const { unitOfWork, clock, ids } = ctx;
  const at = () => ({ id: () => ids.uuid(), now: clock.now() });

  async function replay(principal: Pick<Principal, "teamId">, key: string, requestHash: string): Promise<Order | null> {
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
  async function orderableOffers(input: PlaceOrderInput): Promise<Map<string, OrderableOffer>> {
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
    tx: TransactionScope,
    principal: Pick<Principal, "teamId">,
    input: PlaceOrderInput,
    orderable: Map<string, OrderableOffer>,
    idempotency: { key: string; hash: string } | null,
    consents: PlaceOrderOptions["consents"] = undefined,
  ): Promise<Order> {
    const now = clock.now();
    if (idempotency && !(await tx.idempotency.claim(principal.teamId, idempotency.key, idempotency.hash, now))) {
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
    const records = consents
      ? consentRecordsForOrder(order, consents.decisions, consents.client, { id: () => ids.uuid(), now })
      : [];
    const events = orderPlacedEvents(order, at());
    for (const record of records) events.push(consentRecordedEvent(record, at()));
    // The order, its items and its events go in one round trip where the store can.
    await tx.orders.insert(order, { events, outbox: tx.outbox });
    if (records.length > 0) await tx.consents.insert(records);
    if (idempotency) await tx.idempotency.complete(principal.teamId, idempotency.key, order);
    return order;
  }

  function summaryOf(order: Order): ProviderOrderItem["order"] {
    const { items: _items, ...summary } = order;
    return summary;
  }

  return {
    async place(principal, rawInput, options = {}) {
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
        const orderable = await orderableOffers(input);
        return unitOfWork.transaction((tx) => placeInTransaction(tx, principal, input, orderable, null, consents));
      }

      // The body as sent, not as parsed: a retry must repeat the request, not merely mean the same.
      const hash = await sha256Hex(canonicalJson(rawInput));
      const earlier = await replay(principal, key, hash);
      if (earlier) return earlier;
      const orderable = await orderableOffers(input);
      try {
        return await unitOfWork.transaction((tx) =>
          placeInTransaction(tx, principal, input, orderable, { key, hash }, consents),
        );
      } catch (error) {
        // A concurrent request with the same key committed first: answer as it did.
        if (!(error instanceof KeyTaken)) throw error;
        const winner = await replay(principal, key, hash);
        if (!winner)
          throw new ConflictError("A request with this Idempotency-Key is still being processed; retry shortly");
        return winner;
      }
    },

    async listForReseller(principal, page) {
      return toListResult("orders", page, await unitOfWork.repositories.orders.listForReseller(principal.teamId, page));
    },

    async getForReseller(principal, orderId) {
      const order = isUuidV4(orderId)
        ? await unitOfWork.repositories.orders.findForReseller(principal.teamId, orderId)
        : null;
      if (!order) throw new NotFoundError("Order", orderId);
      return order;
    },

    async cancel(principal, orderId) {
      if (!isUuidV4(orderId)) throw new NotFoundError("Order", orderId);
      return unitOfWork.transaction(async (tx) => {
        const order = await tx.orders.findForReseller(principal.teamId, orderId, { lock: true });
        if (!order) throw new NotFoundError("Order", orderId);
        const cancellable = order.items.filter((item) => isCancellable(item.status));
        if (cancellable.length === 0) {
          throw new ConflictError(
            `Order ${orderId} has no item that can be cancelled (every item is ${describeFinal(order)})`,
          );
        }
        const now = clock.now();
        const moves = cancellable.map((item) => {
          const from = item.status;
          item.status = "cancelled";
          item.updatedAt = now;
          return { item, from };
        });
        order.status = recomputeOrderStatus(order.items.map((item) => item.status));
        order.updatedAt = now;
        await tx.orders.saveProgress(order, cancellable);
        await tx.outbox.record([
          ...moves.map(({ item, from }) => itemStatusChangedEvent(order, item, from, at())),
          orderCancelledEvent(order, at()),
        ]);
        return order;
      });
    },

    async listForProvider(principal, filter, page) {
      if (filter.status !== undefined && !ORDER_ITEM_STATUSES.includes(filter.status)) {
        throw new InvalidInputError([`status must be one of the following values: ${ORDER_ITEM_STATUSES.join(", ")}`]);
      }
      const rows = await unitOfWork.repositories.orders.listItemsForProvider(principal.teamId, filter, page);
      return toListResult("provider-order-items", page, rows);
    },

    async getForProvider(principal, itemId) {
      const found = isUuidV4(itemId)
        ? await unitOfWork.repositories.orders.findItemForProvider(principal.teamId, itemId)
        : null;
      if (!found) throw new NotFoundError("Order item", itemId);
      return { id: found.item.id, item: found.item, order: summaryOf(found.order) };
    },

    async updateItemStatus(principal, itemId, rawUpdate) {
      const parsed = parseItemStatusUpdate(rawUpdate);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const update = parsed.value;
      if (!isUuidV4(itemId)) throw new NotFoundError("Order item", itemId);
      return unitOfWork.transaction(async (tx) => {
        const found = await tx.orders.findItemForProvider(principal.teamId, itemId, { lock: true });
        if (!found) throw new NotFoundError("Order item", itemId);
        const { order } = found;
        const item = order.items.find((candidate) => candidate.id === itemId) as OrderItem;
        const from = item.status;
        if (!canProviderMove(from, update.status)) {
          throw new ConflictError(`Order item ${itemId} cannot move from ${from} to ${update.status}`);
        }
        const now = clock.now();
        item.status = update.status;
        item.updatedAt = now;
        if (update.status === "scheduled") item.scheduledDate = update.scheduledDate;
        if (update.status === "rejected") item.rejectionReason = update.reason?.trim() || null;
        if (
          update.status === "accepted" &&
          !order.isTraining &&
          item.offer.commission !== null &&
          item.commission === null
        ) {
          item.commission = { amount: item.offer.commission, accruedAt: now };
        }
        order.status = recomputeOrderStatus(order.items.map((candidate) => candidate.status));
        order.updatedAt = now;
        await tx.orders.saveProgress(order, [item]);
        await tx.outbox.record([itemStatusChangedEvent(order, item, from, at())]);
        return { id: item.id, item, order: summaryOf(order) };
      });
    },
  };
}

function describeFinal(order: Order): string {
  return [...new Set(order.items.map((item) => item.status))].join(" or ");
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

export type { PlaceOrderInput, ProviderItemUpdate, ProviderOrderItem };
