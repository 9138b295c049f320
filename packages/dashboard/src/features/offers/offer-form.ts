/**
 * The offer editor's form and the core's offer input: the form's field names are the core's field
 * paths (`monthlyPrice`, `internet.downloadSpeedMbps`, `partnerSignup.signupUrlTemplate`), so a
 * problem the core names by its path lands beside the field of that name. Values are passed on as
 * typed (trimmed); the core's parsers say what is wrong with them.
 *
 * @module
 */

import type { Offer, PublishProblem, ServiceType } from "@marketplace/core";
import type { PublishSection } from "@marketplace/core/offers";

/** The editor's sections, as the spec and the core's publish rules name them, with their headings. */
export const SECTION_TITLES: Record<PublishSection, string> = {
  general: "General",
  pricing: "Pricing",
  internetDetails: "Internet details",
  electricityDetails: "Electricity details",
  partnerSignup: "Partner signup",
};

/** Every field of the editor by its core path, with the words people read. */
export const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  sku: "SKU",
  serviceType: "Service type",
  description: "Description",
  marketingHeadline: "Marketing headline",
  brandId: "Brand",
  marketIds: "Markets",
  monthlyPrice: "Monthly price (USD)",
  promoMonthlyPrice: "Promotional monthly price (USD)",
  promoDurationMonths: "Promotion length (months)",
  contractTermMonths: "Contract term (months)",
  commission: "Reseller commission (USD)",
  submissionUrl: "Order submission URL",
  "partnerSignup.signupUrlTemplate": "Partner signup URL",
  "internet.downloadSpeedMbps": "Download speed (Mbps)",
  "internet.uploadSpeedMbps": "Upload speed (Mbps)",
  "internet.connectionType": "Connection type",
  "internet.dataCapGb": "Data cap (GB)",
  "electricity.ratePerKwh": "Rate per kWh (USD)",
  "electricity.rateType": "Rate type",
  "electricity.renewablePercent": "Renewable share (%)",
  "electricity.termMonths": "Rate term (months)",
};

const INTEGER_FIELDS = new Set([
  "promoDurationMonths",
  "contractTermMonths",
  "internet.downloadSpeedMbps",
  "internet.uploadSpeedMbps",
  "internet.dataCapGb",
  "electricity.renewablePercent",
  "electricity.termMonths",
]);

const TOP_FIELDS = [
  "sku",
  "description",
  "marketingHeadline",
  "brandId",
  "monthlyPrice",
  "promoMonthlyPrice",
  "promoDurationMonths",
  "contractTermMonths",
  "commission",
  "submissionUrl",
] as const;

/** The posted form: one string per field, and the markets ticked. */
export interface OfferFormValues {
  values: Record<string, string>;
  marketIds: string[];
}

/** A typed value: an integer field's digits as a number; anything else as typed (for the core to judge). */
function typed(field: string, value: string): string | number {
  return INTEGER_FIELDS.has(field) && /^[+-]?\d{1,9}$/.test(value) ? Number(value) : value;
}

/**
 * The core's input from the form. Creating, empty fields are left out; editing, an empty field
 * clears (`null`). Only the details of the chosen service type are sent.
 */
export function offerInput(form: OfferFormValues, creating: boolean): Record<string, unknown> {
  const v = (name: string) => (form.values[name] ?? "").trim();
  const input: Record<string, unknown> = {};
  const set = (target: Record<string, unknown>, key: string, field: string) => {
    const value = v(field);
    if (value !== "") target[key] = typed(field, value);
    else if (!creating) target[key] = null;
  };
  input.name = v("name");
  if (v("serviceType") !== "") input.serviceType = v("serviceType");
  for (const field of TOP_FIELDS) set(input, field, field);
  input.marketIds = form.marketIds;
  const template = v("partnerSignup.signupUrlTemplate");
  if (template !== "") input.partnerSignup = { kind: "lead_gen", signupUrlTemplate: template };
  else if (!creating) input.partnerSignup = null;
  const serviceType = v("serviceType");
  for (const kind of ["internet", "electricity"] as const) {
    if (serviceType !== kind) continue;
    const details: Record<string, unknown> = {};
    for (const field of Object.keys(FIELD_LABELS).filter((name) => name.startsWith(`${kind}.`))) {
      set(details, field.slice(kind.length + 1), field);
    }
    if (Object.keys(details).length > 0) input[kind] = details;
  }
  return input;
}

/** The form's values of a stored offer. */
export function offerFormValues(offer: Offer): OfferFormValues {
  const text = (value: string | number | null | undefined) => (value == null ? "" : String(value));
  const values: Record<string, string> = {
    name: offer.name,
    serviceType: offer.serviceType,
    "partnerSignup.signupUrlTemplate": text(offer.partnerSignup?.signupUrlTemplate),
  };
  for (const field of TOP_FIELDS) values[field] = text(offer[field]);
  for (const [key, value] of Object.entries(offer.internet ?? {})) values[`internet.${key}`] = text(value);
  for (const [key, value] of Object.entries(offer.electricity ?? {})) values[`electricity.${key}`] = text(value);
  return { values, marketIds: [...offer.marketIds] };
}

/** The field a core problem names (its first word, a path), or null when it names none of the form's. */
export function problemField(problem: string): string | null {
  const path = problem.split(" ")[0] ?? "";
  if (FIELD_LABELS[path]) return path;
  const [head] = path.split(".");
  if (head === "marketIds") return "marketIds";
  if (head === "partnerSignup") return "partnerSignup.signupUrlTemplate";
  // "internet is only allowed when serviceType is internet": the service type is what to change.
  if (head === "internet" || head === "electricity") return "serviceType";
  return null;
}

/** A core problem in words: its path replaced by the field's label, as a sentence. */
export function problemText(problem: string, field: string | null): string {
  const path = problem.split(" ")[0] ?? "";
  const rest = problem.slice(path.length);
  const label = field && FIELD_LABELS[path] ? FIELD_LABELS[path] : path;
  // Other fields the message names ("… lower than monthlyPrice") in words too.
  const words = rest.replace(/\b(?:(?:internet|electricity|partnerSignup)\.)?([a-z]+[A-Z]\w*)\b/g, (match, name) => {
    const key = FIELD_LABELS[match] ? match : Object.keys(FIELD_LABELS).find((k) => k.endsWith(`.${name}`));
    return key ? (FIELD_LABELS[key] as string).replace(/ \(.*\)$/, "").toLowerCase() : match;
  });
  const sentence = `${label}${words}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The core's field problems by form field; problems naming no field are returned apart. */
export function offerErrors(problems: readonly string[]): { errors: Record<string, string>; rest: string[] } {
  const errors: Record<string, string> = {};
  const rest: string[] = [];
  for (const problem of problems) {
    const field = problemField(problem);
    if (field) errors[field] ??= problemText(problem, field);
    else rest.push(problemText(problem, null));
  }
  return { errors, rest };
}

/** The publish-readiness problems by form field, in words. */
export function readinessErrors(problems: readonly PublishProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const field = FIELD_LABELS[problem.field] ? problem.field : (problemField(problem.message) ?? "name");
    errors[field] ??= problemText(problem.message, field);
  }
  return errors;
}

/** Service types as people read them. */
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  internet: "Internet",
  electricity: "Electricity",
  natural_gas: "Natural gas",
  tv: "TV",
  mobile: "Mobile",
  home_security: "Home security",
};
