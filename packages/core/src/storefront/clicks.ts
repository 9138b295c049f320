/**
 * Rules of outbound clicks: where a click on an offer sends the consumer, and when the phone goes with it.
 *
 * @module
 */

import type { ConsentDecision } from "../consents/index.ts";
import { grantsHandoffContact } from "../consents/index.ts";
import type { PartnerSignup } from "../offers/index.ts";
import { signupUrlFor } from "../offers/index.ts";

/** The query parameter carrying the consumer's phone on a partner signup link. */
export const HANDOFF_PHONE_PARAMETER = "phone";

/**
 * The phone to pass to the partner: the one sent, only with a granted `handoff_contact.v1` decision
 * of kind `order_contact`; otherwise null (the phone is dropped, the click still succeeds).
 */
export function phoneToShare(phone: string | null | undefined, decisions: readonly ConsentDecision[]): string | null {
  return phone && grantsHandoffContact(decisions) ? phone : null;
}

/**
 * The partner signup link of a click on a lead_gen offer: the offer's template with `{orderItemId}`
 * replaced by the click id, plus `phone=<E.164>` when the phone may be shared. Null when the offer has
 * no template.
 *
 * @example
 * handoffRedirectUrl({ kind: "lead_gen", signupUrlTemplate: "https://p.example/s?ref={orderItemId}" }, id, "+15125550123");
 * // "https://p.example/s?ref=<id>&phone=%2B15125550123"
 */
export function handoffRedirectUrl(signup: PartnerSignup, clickId: string, phone: string | null): string | null {
  const base = signupUrlFor(signup, clickId);
  if (base === null || phone === null) return base;
  const url = new URL(base);
  url.searchParams.set(HANDOFF_PHONE_PARAMETER, phone);
  return url.toString();
}
