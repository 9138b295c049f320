/**
 * Rules of an order's input: items, customer, service address, calendar dates, as one parser from
 * `unknown` built from the shared field specifications.
 *
 * @module
 */

import {
  arrayOf,
  boolean,
  documented,
  type Field,
  type JsonSchema,
  nullable,
  type OptionalField,
  object,
  objectSchema,
  oneOf,
  optional,
  type ParseResult,
  parseObject,
  text,
} from "../fields/fields.ts";
import { calendarDate, e164Phone, email, usState, uuid, zipCode } from "../fields/format-fields.ts";
import { US_STATE_CODES } from "../fields/formats.ts";
import type { ProviderItemUpdate } from "./order-status.ts";
import { CUSTOMER_KINDS, type CustomerContact, type ServiceAddress } from "./types.ts";

export { isCalendarDate, isE164, isEmail } from "../fields/formats.ts";

/** Input of `orders.place`. */
export interface PlaceOrderInput {
  items: { offerId: string }[];
  customer: CustomerContact;
  serviceAddress: { line1: string; line2?: string | null; city: string; state: string; zipCode: string };
  moveInDate?: string | null;
  installationDate?: string | null;
  /** Training orders flow through the whole lifecycle but never accrue commission or create customers. */
  isTraining?: boolean;
}

/** Most items in one order. */
export const MAX_ORDER_ITEMS = 20;

/** US state and territory codes accepted in addresses. */
export const US_STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

/** The fields of an order as placed: the rules every channel (API, storefront, link) applies. */
export const PLACE_ORDER_FIELDS: {
  items: Field<{ offerId: string }[]>;
  customer: Field<CustomerContact>;
  serviceAddress: Field<PlaceOrderInput["serviceAddress"]>;
  moveInDate: OptionalField<string | null>;
  installationDate: OptionalField<string | null>;
  isTraining: OptionalField<boolean>;
} = {
  items: arrayOf(object({ offerId: uuid() }), { min: 1, max: MAX_ORDER_ITEMS }),
  customer: object({
    name: text({ min: 1, max: 200 }),
    email: email(),
    phone: e164Phone(),
    kind: oneOf(CUSTOMER_KINDS),
  }),
  serviceAddress: object({
    line1: text({ min: 1, max: 200 }),
    line2: optional(nullable(text({ max: 200 }))),
    city: text({ min: 1, max: 100 }),
    state: usState(),
    zipCode: zipCode(),
  }),
  moveInDate: optional(nullable(calendarDate())),
  installationDate: optional(nullable(calendarDate())),
  isTraining: optional(
    documented(boolean(), {
      description: "Training orders flow through the lifecycle but never accrue commission or create customers",
    }),
  ),
};

/** JSON Schema of an order as placed. */
export const PLACE_ORDER_SCHEMA: JsonSchema = objectSchema(PLACE_ORDER_FIELDS);

/**
 * Parses the input of `orders.place`: one problem per failed rule, field path first.
 *
 * @example
 * parsePlaceOrder({ items: [] }); // { ok: false, problems: ["items must contain at least 1 elements", "customer is required", …] }
 */
export function parsePlaceOrder(input: unknown): ParseResult<PlaceOrderInput> {
  return parseObject(PLACE_ORDER_FIELDS, input) as ParseResult<PlaceOrderInput>;
}

/** The statuses a provider may move an item to. */
export const PROVIDER_ITEM_STATUSES = ["accepted", "rejected", "scheduled", "completed"] as const;

/** The fields of a provider's item status update. */
export const ITEM_STATUS_UPDATE_FIELDS: {
  status: Field<(typeof PROVIDER_ITEM_STATUSES)[number]>;
  scheduledDate: OptionalField<string>;
  reason: OptionalField<string>;
} = {
  status: oneOf(PROVIDER_ITEM_STATUSES),
  scheduledDate: optional(documented(calendarDate(), { description: "Required when status is scheduled" })),
  reason: optional(documented(text({ min: 1, max: 500 }), { description: "Why the item is rejected" })),
};

/** JSON Schema of a provider's item status update. */
export const ITEM_STATUS_UPDATE_SCHEMA: JsonSchema = objectSchema(ITEM_STATUS_UPDATE_FIELDS);

/**
 * Parses the input of `orders.updateItemStatus`: the fields, then a date when scheduling.
 *
 * @example
 * parseItemStatusUpdate({ status: "scheduled" });
 * // { ok: false, problems: ["scheduledDate must be a calendar date (YYYY-MM-DD)"] }
 */
export function parseItemStatusUpdate(input: unknown): ParseResult<ProviderItemUpdate> {
  const result = parseObject(ITEM_STATUS_UPDATE_FIELDS, input);
  if (!result.ok) return result;
  const { status, scheduledDate, reason } = result.value;
  if (status === "scheduled") {
    if (scheduledDate === undefined) {
      return { ok: false, problems: ["scheduledDate must be a calendar date (YYYY-MM-DD)"] };
    }
    return { ok: true, value: { status, scheduledDate } };
  }
  if (status === "rejected") return { ok: true, value: { status, reason: reason ?? null } };
  return { ok: true, value: { status } };
}

/** The address as stored: trimmed, with an empty second line as null. */
export function normalizeAddress(address: PlaceOrderInput["serviceAddress"]): ServiceAddress {
  return {
    line1: address.line1.trim(),
    line2: address.line2?.trim() || null,
    city: address.city.trim(),
    state: address.state,
    zipCode: address.zipCode,
  };
}

/** The contact as stored: trimmed, e-mail lowercased. */
export function normalizeContact(contact: CustomerContact): CustomerContact {
  return {
    name: contact.name.trim(),
    email: contact.email.trim().toLowerCase(),
    phone: contact.phone,
    kind: contact.kind,
  };
}
