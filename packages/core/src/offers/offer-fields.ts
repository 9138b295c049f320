/**
 * Offer fields: the rules every stored offer meets (drafts included), and how a partial update is
 * merged. Publish readiness (what an active offer must additionally have) is in publish-readiness.ts.
 *
 * @module
 */

import { isRatePerKwh } from "../fields/formats.ts";
import { hasControlCharacters, httpsUrlFieldProblem, type UrlPolicy } from "../fields/url-policy.ts";
import { isUuidV4 } from "../ids.ts";
import { isMoney, normalizeMoney } from "../money.ts";
import { isStorableText } from "../text.ts";
import {
  CONNECTION_TYPES,
  type ElectricityDetails,
  type InternetDetails,
  type OfferFields,
  type PartnerSignup,
  RATE_TYPES,
  SERVICE_TYPES,
  type ServiceType,
} from "./types.ts";

/** Limits of offer fields. */
export const OFFER_LIMITS = {
  name: 200,
  sku: 100,
  description: 5000,
  marketingHeadline: 200,
  url: 2048,
  marketIds: 100,
  promoDurationMonths: 60,
  contractTermMonths: 120,
  speedMbps: 100_000,
  dataCapGb: 1_000_000,
  termMonths: 120,
} as const;

/** A partial update of an offer: omitted fields stay, `null` clears, nested objects merge. */
export interface OfferPatch {
  name?: string;
  sku?: string | null;
  serviceType?: ServiceType;
  description?: string | null;
  marketingHeadline?: string | null;
  brandId?: string | null;
  marketIds?: string[];
  monthlyPrice?: string | null;
  promoMonthlyPrice?: string | null;
  promoDurationMonths?: number | null;
  contractTermMonths?: number | null;
  commission?: string | null;
  partnerSignup?: { kind: "lead_gen"; signupUrlTemplate?: string | null } | null;
  submissionUrl?: string | null;
  internet?: Partial<InternetDetails> | null;
  electricity?: Partial<ElectricityDetails> | null;
}

/** Input of a new offer: a name and a service type, anything else optional. */
export type NewOffer = OfferPatch & { name: string; serviceType: ServiceType };

/** Internet details with nothing filled in. */
export const EMPTY_INTERNET: InternetDetails = {
  downloadSpeedMbps: null,
  uploadSpeedMbps: null,
  connectionType: null,
  dataCapGb: null,
};

/** Electricity details with nothing filled in. */
export const EMPTY_ELECTRICITY: ElectricityDetails = {
  ratePerKwh: null,
  rateType: null,
  renewablePercent: null,
  termMonths: null,
};

/** The fields of a new offer before its input is applied. */
export function blankOfferFields(name: string, serviceType: ServiceType): OfferFields {
  return {
    name,
    sku: null,
    serviceType,
    description: null,
    marketingHeadline: null,
    brandId: null,
    marketIds: [],
    monthlyPrice: null,
    promoMonthlyPrice: null,
    promoDurationMonths: null,
    contractTermMonths: null,
    commission: null,
    partnerSignup: null,
    submissionUrl: null,
    internet: serviceType === "internet" ? { ...EMPTY_INTERNET } : null,
    electricity: serviceType === "electricity" ? { ...EMPTY_ELECTRICITY } : null,
  };
}

/**
 * Merges a patch into current fields. Text is trimmed (an empty optional text becomes null); the
 * details object of the offer's service type is kept (all-null when new) and the other is dropped.
 * Details sent for another service type are rejected by `offerFieldProblems`, not here.
 *
 * @example
 * applyOfferPatch(fields, { monthlyPrice: "59.99", internet: { downloadSpeedMbps: 1000 } });
 */
export function applyOfferPatch(current: OfferFields, patch: OfferPatch): OfferFields {
  const next: OfferFields = { ...current, marketIds: [...current.marketIds] };
  // Values of the wrong type are kept as they are, for offerFieldProblems to report.
  const text = (value: string | null | undefined) =>
    value == null ? null : typeof value === "string" ? value.trim() || null : value;
  if (patch.name !== undefined) next.name = typeof patch.name === "string" ? patch.name.trim() : patch.name;
  if (patch.sku !== undefined) next.sku = text(patch.sku);
  if (patch.serviceType !== undefined) next.serviceType = patch.serviceType;
  if (patch.description !== undefined) next.description = text(patch.description);
  if (patch.marketingHeadline !== undefined) next.marketingHeadline = text(patch.marketingHeadline);
  if (patch.brandId !== undefined) next.brandId = patch.brandId;
  if (patch.marketIds !== undefined)
    next.marketIds = Array.isArray(patch.marketIds) ? [...new Set(patch.marketIds)] : [];
  // Valid amounts are stored in canonical form ("49.9" → "49.90"); invalid ones stay for reporting.
  const money = (value: string | null) => (typeof value === "string" && isMoney(value) ? normalizeMoney(value) : value);
  if (patch.monthlyPrice !== undefined) next.monthlyPrice = money(patch.monthlyPrice);
  if (patch.promoMonthlyPrice !== undefined) next.promoMonthlyPrice = money(patch.promoMonthlyPrice);
  if (patch.promoDurationMonths !== undefined) next.promoDurationMonths = patch.promoDurationMonths;
  if (patch.contractTermMonths !== undefined) next.contractTermMonths = patch.contractTermMonths;
  if (patch.commission !== undefined) next.commission = money(patch.commission);
  if (patch.submissionUrl !== undefined) next.submissionUrl = text(patch.submissionUrl);
  if (patch.partnerSignup !== undefined) {
    next.partnerSignup =
      patch.partnerSignup === null
        ? null
        : {
            kind: "lead_gen",
            signupUrlTemplate:
              patch.partnerSignup.signupUrlTemplate !== undefined
                ? text(patch.partnerSignup.signupUrlTemplate)
                : (current.partnerSignup?.signupUrlTemplate ?? null),
          };
  }
  const internet =
    patch.internet === null ? EMPTY_INTERNET : { ...(current.internet ?? EMPTY_INTERNET), ...patch.internet };
  const electricity =
    patch.electricity === null
      ? EMPTY_ELECTRICITY
      : { ...(current.electricity ?? EMPTY_ELECTRICITY), ...patch.electricity };
  next.internet = next.serviceType === "internet" ? internet : null;
  next.electricity = next.serviceType === "electricity" ? electricity : null;
  return next;
}

/**
 * Problems with a patch (or new offer) and the fields it leads to; empty when valid. Messages start
 * with the field's dot-delimited path. Team ownership of brand and markets is checked by the use case.
 */
export function offerFieldProblems(patch: OfferPatch, next: OfferFields, urlPolicy: UrlPolicy = {}): string[] {
  const problems: string[] = [];
  const text = (field: string, value: string | null, max: number, required = false) => {
    if (value === null || value === "") {
      if (required) problems.push(`${field} must not be empty`);
      return;
    }
    if (typeof value !== "string") problems.push(`${field} must be a string`);
    else if (value.length > max) problems.push(`${field} must be at most ${max} characters`);
    else if (!isStorableText(value)) problems.push(`${field} must not contain NUL characters`);
  };
  const money = (field: string, value: string | null) => {
    if (value !== null && (typeof value !== "string" || !isMoney(value)))
      problems.push(`${field} must be a decimal string with at most two decimals, e.g. "49.99"`);
  };
  const int = (field: string, value: number | null, min: number, max: number) => {
    if (value !== null && (!Number.isInteger(value) || value < min || value > max)) {
      problems.push(`${field} must be an integer from ${min} to ${max}`);
    }
  };
  const url = (field: string, value: string | null) => {
    if (value === null) return;
    if (value.length > OFFER_LIMITS.url) problems.push(`${field} must be at most ${OFFER_LIMITS.url} characters`);
    else {
      const problem = httpsUrlFieldProblem(value, urlPolicy);
      if (problem) problems.push(`${field} ${problem}`);
    }
  };

  text("name", next.name, OFFER_LIMITS.name, true);
  text("sku", next.sku, OFFER_LIMITS.sku);
  if (typeof next.sku === "string" && hasControlCharacters(next.sku))
    problems.push("sku must not contain control characters");
  if (!SERVICE_TYPES.includes(next.serviceType)) {
    problems.push(`serviceType must be one of the following values: ${SERVICE_TYPES.join(", ")}`);
  }
  text("description", next.description, OFFER_LIMITS.description);
  text("marketingHeadline", next.marketingHeadline, OFFER_LIMITS.marketingHeadline);
  if (next.brandId !== null && (typeof next.brandId !== "string" || !isUuidV4(next.brandId)))
    problems.push("brandId must be a UUID");
  if (next.marketIds.length > OFFER_LIMITS.marketIds) {
    problems.push(`marketIds must contain at most ${OFFER_LIMITS.marketIds} elements`);
  }
  next.marketIds.forEach((id, index) => {
    if (typeof id !== "string" || !isUuidV4(id)) problems.push(`marketIds.${index} must be a UUID`);
  });
  money("monthlyPrice", next.monthlyPrice);
  money("promoMonthlyPrice", next.promoMonthlyPrice);
  money("commission", next.commission);
  int("promoDurationMonths", next.promoDurationMonths, 1, OFFER_LIMITS.promoDurationMonths);
  int("contractTermMonths", next.contractTermMonths, 1, OFFER_LIMITS.contractTermMonths);
  url("submissionUrl", next.submissionUrl);
  if (next.partnerSignup !== null) {
    text("partnerSignup.signupUrlTemplate", next.partnerSignup.signupUrlTemplate, OFFER_LIMITS.url);
  }

  if (patch.internet != null && next.serviceType !== "internet") {
    problems.push("internet is only allowed when serviceType is internet");
  }
  if (patch.electricity != null && next.serviceType !== "electricity") {
    problems.push("electricity is only allowed when serviceType is electricity");
  }
  if (next.internet) {
    const d = next.internet;
    int("internet.downloadSpeedMbps", d.downloadSpeedMbps, 1, OFFER_LIMITS.speedMbps);
    int("internet.uploadSpeedMbps", d.uploadSpeedMbps, 1, OFFER_LIMITS.speedMbps);
    int("internet.dataCapGb", d.dataCapGb, 1, OFFER_LIMITS.dataCapGb);
    if (d.connectionType !== null && !CONNECTION_TYPES.includes(d.connectionType)) {
      problems.push(`internet.connectionType must be one of the following values: ${CONNECTION_TYPES.join(", ")}`);
    }
  }
  if (next.electricity) {
    const d = next.electricity;
    if (d.ratePerKwh !== null && (typeof d.ratePerKwh !== "string" || !isRatePerKwh(d.ratePerKwh))) {
      problems.push('electricity.ratePerKwh must be a decimal string with at most four decimals, e.g. "0.1425"');
    }
    if (d.rateType !== null && !RATE_TYPES.includes(d.rateType)) {
      problems.push(`electricity.rateType must be one of the following values: ${RATE_TYPES.join(", ")}`);
    }
    int("electricity.renewablePercent", d.renewablePercent, 0, 100);
    int("electricity.termMonths", d.termMonths, 1, OFFER_LIMITS.termMonths);
  }
  return problems;
}

/** The placeholder a signup URL template must contain. */
export const ORDER_ITEM_PLACEHOLDER = "{orderItemId}";

/**
 * The signup URL for an order item: the template with `{orderItemId}` replaced (URL-encoded).
 *
 * @example
 * signupUrlFor({ kind: "lead_gen", signupUrlTemplate: "https://x.test/s?ref={orderItemId}" }, id);
 */
export function signupUrlFor(signup: PartnerSignup, orderItemId: string): string | null {
  if (!signup.signupUrlTemplate) return null;
  return signup.signupUrlTemplate.split(ORDER_ITEM_PLACEHOLDER).join(encodeURIComponent(orderItemId));
}
