/**
 * Parsers of the offer commands' input (create, update), from `unknown`: the rules the HTTP API
 * checks a body against, and the ones an embedder calling the use cases gets. Rules that need the
 * stored offer (details of the resulting service type, the team's brand and markets) are checked by
 * the use case after merging (`offerFieldProblems`).
 *
 * @module
 */

import {
  arrayOf,
  documented,
  type Field,
  httpsUrl,
  int,
  type JsonSchema,
  nullable,
  type OptionalField,
  object,
  objectSchema,
  oneOf,
  optional,
  type ParseResult,
  parseObject,
  type Shape,
  text,
} from "../fields/fields.ts";
import { money as moneyField, ratePerKwh, uuid } from "../fields/format-fields.ts";
import type { UrlPolicy } from "../fields/url-policy.ts";
import { type NewOffer, OFFER_LIMITS, type OfferPatch } from "./offer-fields.ts";
import { CONNECTION_TYPES, type ConnectionType, RATE_TYPES, type RateType, SERVICE_TYPES } from "./types.ts";

/** Options of the offer parsers. */
export interface OfferInputOptions {
  /** The URL policy of `submissionUrl` (loopback http in development). Default: https only. */
  urlPolicy?: UrlPolicy;
}

const clearable = <T>(field: Field<T>): OptionalField<T | null> => optional(nullable(field));

/** Internet details as sent: every field optional, null clears. */
export const INTERNET_INPUT: {
  downloadSpeedMbps: OptionalField<number | null>;
  uploadSpeedMbps: OptionalField<number | null>;
  connectionType: OptionalField<ConnectionType | null>;
  dataCapGb: OptionalField<number | null>;
} = {
  downloadSpeedMbps: clearable(int(1, OFFER_LIMITS.speedMbps)),
  uploadSpeedMbps: clearable(int(1, OFFER_LIMITS.speedMbps)),
  connectionType: clearable(oneOf(CONNECTION_TYPES)),
  dataCapGb: clearable(int(1, OFFER_LIMITS.dataCapGb)),
} satisfies Shape;

/** Electricity details as sent: every field optional, null clears. */
export const ELECTRICITY_INPUT: {
  ratePerKwh: OptionalField<string | null>;
  rateType: OptionalField<RateType | null>;
  renewablePercent: OptionalField<number | null>;
  termMonths: OptionalField<number | null>;
} = {
  ratePerKwh: clearable(ratePerKwh()),
  rateType: clearable(oneOf(RATE_TYPES)),
  renewablePercent: clearable(int(0, 100)),
  termMonths: clearable(int(1, OFFER_LIMITS.termMonths)),
} satisfies Shape;

/** The fields of an offer as a create or an update sends them, under a URL policy. */
function offerInputShape(policy: UrlPolicy, creating: boolean) {
  const price = moneyField();
  const name = text({ min: 1, max: OFFER_LIMITS.name });
  const serviceType = oneOf(SERVICE_TYPES);
  return {
    name: creating ? name : optional(name),
    sku: clearable(text({ min: 1, max: OFFER_LIMITS.sku, noControlCharacters: true })),
    serviceType: creating ? serviceType : optional(serviceType),
    description: clearable(text({ max: OFFER_LIMITS.description })),
    marketingHeadline: clearable(text({ max: OFFER_LIMITS.marketingHeadline })),
    brandId: clearable(uuid()),
    marketIds: optional(arrayOf(uuid(), { max: OFFER_LIMITS.marketIds })),
    monthlyPrice: clearable(price),
    promoMonthlyPrice: clearable(price),
    promoDurationMonths: clearable(int(1, OFFER_LIMITS.promoDurationMonths)),
    contractTermMonths: clearable(
      documented(int(1, OFFER_LIMITS.contractTermMonths), {
        description: "Contract length in months; null: no contract",
      }),
    ),
    commission: clearable(documented(price, { description: "What a reseller earns per accepted item" })),
    partnerSignup: clearable(
      object({
        kind: oneOf(["lead_gen"]),
        signupUrlTemplate: clearable(
          documented(text({ min: 1, max: OFFER_LIMITS.url }), {
            example: "https://signup.example.com/start?ref={orderItemId}",
            description: "https URL containing {orderItemId}, replaced by the order item's id",
          }),
        ),
      }),
    ),
    submissionUrl: clearable(
      documented(httpsUrl({ ...policy, max: OFFER_LIMITS.url }), { example: "https://partner.example.com/orders" }),
    ),
    internet: clearable(object(INTERNET_INPUT)),
    electricity: clearable(object(ELECTRICITY_INPUT)),
  } satisfies Shape;
}

/** JSON Schema of a create-offer body (the HTTP layer documents it). */
export function newOfferSchema(options: OfferInputOptions = {}): JsonSchema {
  return objectSchema(offerInputShape(options.urlPolicy ?? {}, true));
}

/** JSON Schema of an update-offer body (the HTTP layer documents it). */
export function offerPatchSchema(options: OfferInputOptions = {}): JsonSchema {
  return objectSchema(offerInputShape(options.urlPolicy ?? {}, false));
}

/**
 * Parses the input of `offers.create`: field rules, then details of another service type.
 *
 * @example
 * parseNewOffer({ name: "Fiber", serviceType: "internet", monthlyPrice: "49.9" });
 * // { ok: true, value: { name: "Fiber", serviceType: "internet", monthlyPrice: "49.90" } }
 */
export function parseNewOffer(input: unknown, options: OfferInputOptions = {}): ParseResult<NewOffer> {
  const result = parseObject(offerInputShape(options.urlPolicy ?? {}, true), input);
  if (!result.ok) return result;
  const offer = result.value as NewOffer;
  const problems: string[] = [];
  if (offer.internet != null && offer.serviceType !== "internet") {
    problems.push("internet is only allowed when serviceType is internet");
  }
  if (offer.electricity != null && offer.serviceType !== "electricity") {
    problems.push("electricity is only allowed when serviceType is electricity");
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: offer };
}

/**
 * Parses the input of `offers.update`: every field optional, `null` clears. Whether the details
 * match the resulting service type is for the use case to tell, with the stored offer at hand.
 */
export function parseOfferPatch(input: unknown, options: OfferInputOptions = {}): ParseResult<OfferPatch> {
  return parseObject(offerInputShape(options.urlPolicy ?? {}, false), input) as ParseResult<OfferPatch>;
}
