import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "vitest";

/** The axe tags of WCAG 2.2 AA (and the levels below it). */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * What every page of the dashboard keeps: axe finds no WCAG 2.2 AA violation, and the page is
 * readable at 360 px, the narrowest width the project supports: laid out again 360 px wide, it does
 * not scroll sideways (wide tables scroll inside their own frame). The viewport is restored.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(violations, name).toEqual([]);
  const before = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  try {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at 360 px`).toBeLessThanOrEqual(360);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
