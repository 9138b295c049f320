/**
 * A length of time as people read it: days from two days up (unless `largest` is `"hours"`), hours
 * from two hours up, else minutes; rounded, never less than one minute.
 *
 * @example
 * durationWords(71.6 * 3_600_000); // "3 days"
 * durationWords(72 * 3_600_000, "hours"); // "72 hours"
 * durationWords(90 * 60_000); // "90 minutes"
 */
export function durationWords(ms: number, largest: "days" | "hours" = "days"): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (largest === "days" && minutes >= 2 * 24 * 60) return `${Math.round(minutes / (24 * 60))} days`;
  if (minutes >= 120) return `${Math.round(minutes / 60)} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
