/**
 * Publish readiness: what an offer must have to be active, as rules grouped by the editor section
 * that holds the field. Pure: the same answer for the same offer, wherever it runs.
 *
 * @module
 */

import type { PublishProblem } from "../errors.ts";
import { httpsUrlFieldProblem } from "../fields/url-policy.ts";
import { toCents } from "../money.ts";
import { ORDER_ITEM_PLACEHOLDER, signupUrlFor } from "./offer-fields.ts";
import type { OfferFields } from "./types.ts";

/** Editor sections, in the order the editor shows them. */
export const PUBLISH_SECTIONS = [
  "general",
  "pricing",
  "internetDetails",
  "electricityDetails",
  "partnerSignup",
] as const;

/** An editor section. */
export type PublishSection = (typeof PUBLISH_SECTIONS)[number];

/** Outcome of `checkPublishReadiness`. */
export type PublishReadiness = { ready: true } | { ready: false; problems: PublishProblem[] };

/**
 * Checks every publish rule and reports each unmet one (never only the first).
 *
 * Rules:
 * - general: `sku` is set (bulk updates and orders refer to it).
 * - pricing: `monthlyPrice` is set and above zero; `promoMonthlyPrice` is below it and comes with
 *   `promoDurationMonths` (and a duration needs a promotional price).
 * - internetDetails (internet offers): `internet.downloadSpeedMbps` and `internet.connectionType`
 *   are set; `internet.uploadSpeedMbps` does not exceed the download speed.
 * - electricityDetails (electricity offers): `electricity.ratePerKwh` is set and above zero,
 *   `electricity.rateType` is set, and a fixed rate states `electricity.termMonths`.
 * - partnerSignup (lead_gen offers): `partnerSignup.signupUrlTemplate` is an https URL containing
 *   `{orderItemId}`.
 *
 * @example
 * const readiness = checkPublishReadiness(offer);
 * if (!readiness.ready) throw new PublishValidationError(readiness.problems);
 */
export function checkPublishReadiness(offer: OfferFields): PublishReadiness {
  const problems: PublishProblem[] = [];
  const fail = (section: PublishSection, field: string, message: string) => problems.push({ section, field, message });

  if (!offer.sku) fail("general", "sku", "sku is required to publish");

  const monthly = offer.monthlyPrice === null ? null : toCents(offer.monthlyPrice);
  if (monthly === null) fail("pricing", "monthlyPrice", "monthlyPrice is required to publish");
  else if (monthly <= 0) fail("pricing", "monthlyPrice", "monthlyPrice must be greater than 0");
  if (offer.promoMonthlyPrice !== null) {
    const promo = toCents(offer.promoMonthlyPrice);
    if (monthly !== null && promo >= monthly) {
      fail("pricing", "promoMonthlyPrice", "promoMonthlyPrice must be lower than monthlyPrice");
    }
    if (offer.promoDurationMonths === null) {
      fail("pricing", "promoDurationMonths", "promoDurationMonths is required when promoMonthlyPrice is set");
    }
  } else if (offer.promoDurationMonths !== null) {
    fail("pricing", "promoMonthlyPrice", "promoMonthlyPrice is required when promoDurationMonths is set");
  }

  if (offer.serviceType === "internet") {
    const internet = offer.internet;
    if (!internet?.downloadSpeedMbps) {
      fail("internetDetails", "internet.downloadSpeedMbps", "internet.downloadSpeedMbps is required to publish");
    }
    if (!internet?.connectionType) {
      fail("internetDetails", "internet.connectionType", "internet.connectionType is required to publish");
    }
    if (
      internet?.downloadSpeedMbps &&
      internet.uploadSpeedMbps &&
      internet.uploadSpeedMbps > internet.downloadSpeedMbps
    ) {
      fail("internetDetails", "internet.uploadSpeedMbps", "internet.uploadSpeedMbps must not exceed downloadSpeedMbps");
    }
  }

  if (offer.serviceType === "electricity") {
    const electricity = offer.electricity;
    if (!electricity?.ratePerKwh) {
      fail("electricityDetails", "electricity.ratePerKwh", "electricity.ratePerKwh is required to publish");
    } else if (Number(electricity.ratePerKwh) <= 0) {
      fail("electricityDetails", "electricity.ratePerKwh", "electricity.ratePerKwh must be greater than 0");
    }
    if (!electricity?.rateType) {
      fail("electricityDetails", "electricity.rateType", "electricity.rateType is required to publish");
    } else if (electricity.rateType === "fixed" && electricity.termMonths === null) {
      fail("electricityDetails", "electricity.termMonths", "electricity.termMonths is required for a fixed rate");
    }
  }

  if (offer.partnerSignup?.kind === "lead_gen") {
    const template = offer.partnerSignup.signupUrlTemplate;
    const field = "partnerSignup.signupUrlTemplate";
    if (!template) fail("partnerSignup", field, `${field} is required for a lead_gen offer`);
    else if (!template.includes(ORDER_ITEM_PLACEHOLDER)) {
      fail("partnerSignup", field, `${field} must contain ${ORDER_ITEM_PLACEHOLDER}`);
    } else {
      // The one URL policy, on the link a consumer is sent to (the placeholder filled in).
      const url = signupUrlFor(offer.partnerSignup, "00000000-0000-4000-8000-000000000000") ?? "";
      const problem = httpsUrlFieldProblem(url);
      if (problem) fail("partnerSignup", field, `${field} ${problem}`);
    }
  }

  return problems.length === 0 ? { ready: true } : { ready: false, problems };
}

/** The same problems keyed by section, in section order (only sections with problems). */
export function problemsBySection(problems: readonly PublishProblem[]): Record<string, PublishProblem[]> {
  const out: Record<string, PublishProblem[]> = {};
  for (const section of PUBLISH_SECTIONS) {
    const inSection = problems.filter((problem) => problem.section === section);
    if (inSection.length > 0) out[section] = inSection;
  }
  for (const problem of problems) {
    if ((PUBLISH_SECTIONS as readonly string[]).includes(problem.section)) continue;
    const list = out[problem.section] ?? [];
    list.push(problem);
    out[problem.section] = list;
  }
  return out;
}
