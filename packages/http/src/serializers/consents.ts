/**
 * Consent records to JSON, as providers see them.
 *
 * @module
 */

import type { ConsentRecord } from "@marketplace/core";
import { consentCapture } from "@marketplace/core/consents";

/** A consent record as JSON. */
export function consentRecordJson(record: ConsentRecord) {
  return {
    id: record.id,
    ...consentCapture(record),
    revokedAt: record.revokedAt?.toISOString() ?? null,
    revokedVia: record.revokedVia,
  };
}
