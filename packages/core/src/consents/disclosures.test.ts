import { describe, expect, it } from "vitest";
import { DISCLOSURES, disclosureKind, isDisclosureVersion, joinNames, renderDisclosure } from "./disclosures.ts";
import { DISCLOSURE_VERSIONS } from "./types.ts";

describe("the disclosure catalogue", () => {
  it("holds wording for every version, with the provider placeholder", () => {
    for (const version of DISCLOSURE_VERSIONS) {
      expect(DISCLOSURES[version].version).toBe(version);
      expect(DISCLOSURES[version].template).toContain("{provider}");
    }
  });

  it("maps each version to its kind: handoff_contact.v1 is an order_contact disclosure", () => {
    expect(disclosureKind("order_contact.v1")).toBe("order_contact");
    expect(disclosureKind("handoff_contact.v1")).toBe("order_contact");
    expect(disclosureKind("marketing_calls_texts.v1")).toBe("marketing_calls_texts");
  });

  it("knows only its own versions", () => {
    expect(isDisclosureVersion("order_contact.v1")).toBe(true);
    expect(isDisclosureVersion("order_contact.v2")).toBe(false);
    expect(isDisclosureVersion("toString")).toBe(false);
    expect(isDisclosureVersion(42)).toBe(false);
  });

  it("renders the verbatim text with the provider's name, every placeholder replaced", () => {
    expect(renderDisclosure("order_contact.v1", "Fiber Co")).toBe(
      "I agree that Fiber Co may contact me about this order, including its installation, activation and service, " +
        "by phone call, text message and e-mail at the phone number and e-mail address I provided. " +
        "Message and data rates may apply.",
    );
    const handoff = renderDisclosure("handoff_contact.v1", "Fiber Co");
    expect(handoff).toBe(
      "I agree that my phone number may be shared with Fiber Co so that Fiber Co can contact me by phone call or " +
        "text message at that number to complete my sign-up for the offer I selected. Message and data rates may apply.",
    );
    expect(renderDisclosure("marketing_calls_texts.v1", "Fiber Co")).toMatch(
      /^I agree that Fiber Co may call and text me .*autodialed calls and texts and prerecorded or artificial voice messages\. Consent is not a condition of purchase\./,
    );
  });

  it("joins several names of one provider team as a sentence, and leaves names with braces alone", () => {
    expect(joinNames([])).toBe("");
    expect(joinNames(["A"])).toBe("A");
    expect(joinNames(["A", "B", "A"])).toBe("A and B");
    expect(joinNames(["A", "B", "C"])).toBe("A, B and C");
    expect(renderDisclosure("order_contact.v1", ["Acme Fiber", "Acme Energy"])).toMatch(
      /^I agree that Acme Fiber and Acme Energy may contact me/,
    );
    expect(renderDisclosure("order_contact.v1", "{provider} Inc")).toMatch(/^I agree that \{provider\} Inc may/);
  });
});
