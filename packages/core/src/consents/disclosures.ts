/**
 * The disclosure catalogue: the wording of every disclosure version, rendered server-side with the
 * provider's name. Clients send only the version; the text recorded is always the one rendered here.
 * A published version's wording never changes: a new wording is a new version.
 *
 * @module
 */

import type { ConsentKind, DisclosureVersion } from "./types.ts";

/** What the catalogue holds for one version. */
export interface Disclosure {
  version: DisclosureVersion;
  /** The kind of consent a decision on this version is. */
  kind: ConsentKind;
  /** The wording, with `{provider}` where the provider's name goes. */
  template: string;
}

/** The placeholder replaced by the provider's name. */
export const PROVIDER_PLACEHOLDER = "{provider}";

/**
 * Every version's kind and wording. `handoff_contact.v1` is of kind `order_contact`: it covers passing
 * the consumer's phone number to the partner when an offer hands off to the partner's own signup.
 */
export const DISCLOSURES: Readonly<Record<DisclosureVersion, Disclosure>> = Object.freeze({
  "order_contact.v1": {
    version: "order_contact.v1",
    kind: "order_contact",
    template:
      "I agree that {provider} may contact me about this order, including its installation, activation and " +
      "service, by phone call, text message and e-mail at the phone number and e-mail address I provided. " +
      "Message and data rates may apply.",
  },
  "marketing_calls_texts.v1": {
    version: "marketing_calls_texts.v1",
    kind: "marketing_calls_texts",
    template:
      "I agree that {provider} may call and text me at the phone number I provided with marketing offers, " +
      "including by autodialed calls and texts and prerecorded or artificial voice messages. Consent is not a " +
      "condition of purchase. Message frequency varies; message and data rates may apply. Reply STOP to opt " +
      "out at any time.",
  },
  "handoff_contact.v1": {
    version: "handoff_contact.v1",
    kind: "order_contact",
    template:
      "I agree that my phone number may be shared with {provider} so that {provider} can contact me by phone " +
      "call or text message at that number to complete my sign-up for the offer I selected. Message and data " +
      "rates may apply.",
  },
});

/** True when `value` is a version the catalogue holds. */
export function isDisclosureVersion(value: unknown): value is DisclosureVersion {
  return typeof value === "string" && Object.hasOwn(DISCLOSURES, value);
}

/** The kind a version belongs to. */
export function disclosureKind(version: DisclosureVersion): ConsentKind {
  return DISCLOSURES[version].kind;
}

/**
 * Names joined as a sentence: "A", "A and B", "A, B and C" (duplicates dropped, order kept).
 *
 * @example
 * joinNames(["Acme Fiber", "Acme Energy"]); // "Acme Fiber and Acme Energy"
 */
export function joinNames(names: readonly string[]): string {
  const distinct = [...new Set(names)];
  if (distinct.length <= 1) return distinct[0] ?? "";
  return `${distinct.slice(0, -1).join(", ")} and ${distinct.at(-1)}`;
}

/**
 * The verbatim text of a version for a provider: the wording with the provider's displayed name (the
 * brand's, else the team's). Several names (one provider team selling under several brands in one
 * order) are joined as a sentence.
 *
 * @example
 * renderDisclosure("order_contact.v1", ["Fiber Co"]);
 * // "I agree that Fiber Co may contact me about this order, …"
 */
export function renderDisclosure(version: DisclosureVersion, providerNames: string | readonly string[]): string {
  const name = joinNames(typeof providerNames === "string" ? [providerNames] : providerNames);
  return DISCLOSURES[version].template.split(PROVIDER_PLACEHOLDER).join(name);
}
