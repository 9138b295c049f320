/**
 * Rules of an order's input: items, customer, service address, calendar dates.
 *
 * @module
 */

import { isUuidV4 } from "../ids.ts";
import { isStorableText } from "../text.ts";
import { CUSTOMER_KINDS, type CustomerContact, type ServiceAddress } from "./order-types.ts";

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
export const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP".split(
    " ",
  ),
);

/** True for an E.164 phone number: "+", country code, up to 15 digits in all. */
export function isE164(phone: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(phone);
}

/** True for a plausible e-mail address (one @, a dot in the domain, no spaces), at most 254 characters. */
export function isEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** True for a real calendar date written YYYY-MM-DD (no time, no zone). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Problems with an order's input, field path first; empty when valid. */
export function orderInputProblems(input: PlaceOrderInput): string[] {
  const problems: string[] = [];
  const text = (field: string, value: unknown, max: number) => {
    if (typeof value !== "string" || value.trim() === "") problems.push(`${field} must not be empty`);
    else if (value.length > max) problems.push(`${field} must be at most ${max} characters`);
    else if (!isStorableText(value)) problems.push(`${field} must not contain NUL characters`);
  };
  if (!Array.isArray(input.items) || input.items.length === 0) problems.push("items must contain at least 1 elements");
  else if (input.items.length > MAX_ORDER_ITEMS)
    problems.push(`items must contain at most ${MAX_ORDER_ITEMS} elements`);
  else {
    input.items.forEach((item, index) => {
      if (typeof item?.offerId !== "string" || !isUuidV4(item.offerId))
        problems.push(`items.${index}.offerId must be a UUID`);
    });
  }
  const c = input.customer ?? ({} as CustomerContact);
  text("customer.name", c.name, 200);
  if (typeof c.email !== "string" || !isEmail(c.email.trim())) problems.push("customer.email must be an email");
  if (typeof c.phone !== "string" || !isE164(c.phone)) {
    problems.push("customer.phone must be a phone number in E.164 format, e.g. +15125550123");
  }
  if (!CUSTOMER_KINDS.includes(c.kind)) {
    problems.push(`customer.kind must be one of the following values: ${CUSTOMER_KINDS.join(", ")}`);
  }
  const a = input.serviceAddress ?? ({} as ServiceAddress);
  text("serviceAddress.line1", a.line1, 200);
  if (a.line2 != null && a.line2 !== "") text("serviceAddress.line2", a.line2, 200);
  text("serviceAddress.city", a.city, 100);
  if (typeof a.state !== "string" || !US_STATES.has(a.state))
    problems.push("serviceAddress.state must be a two-letter US state code");
  if (typeof a.zipCode !== "string" || !/^\d{5}$/.test(a.zipCode))
    problems.push("serviceAddress.zipCode must be a 5-digit ZIP code");
  for (const field of ["moveInDate", "installationDate"] as const) {
    const value = input[field];
    if (value != null && (typeof value !== "string" || !isCalendarDate(value))) {
      problems.push(`${field} must be a calendar date (YYYY-MM-DD)`);
    }
  }
  if (input.isTraining !== undefined && typeof input.isTraining !== "boolean")
    problems.push("isTraining must be a boolean");
  return problems;
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
