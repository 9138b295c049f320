import {
  type ElectricityDetails,
  EMPTY_ELECTRICITY,
  EMPTY_INTERNET,
  type InternetDetails,
} from "@marketplace/core/offers";

// An offer shows the details object of its own service type always (all-null until filled in) and
// the other type's as null, whatever the jsonb columns hold.

/** The `internet` column as an offer of `serviceType` shows it. */
export function internetDetailsOf(serviceType: string, column: unknown): InternetDetails | null {
  return serviceType === "internet" ? ((column as InternetDetails | null) ?? { ...EMPTY_INTERNET }) : null;
}

/** The `electricity` column as an offer of `serviceType` shows it. */
export function electricityDetailsOf(serviceType: string, column: unknown): ElectricityDetails | null {
  return serviceType === "electricity" ? ((column as ElectricityDetails | null) ?? { ...EMPTY_ELECTRICITY }) : null;
}
