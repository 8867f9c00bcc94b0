import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe finding, as a line a failing test prints: rule, impact, and the elements it names. */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's own words on the first element, e.g. the contrast it measured and the colours it read. */
  summary: string;
}

/** The axe-core rules that read the colours a page is painted in: all that a change of theme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now, by every rule or by
 * `rules`. The source is evaluated through the DevTools protocol, which the app's Content Security Policy
 * (script-src 'self') does not govern, so the audit needs no exception in the policy the app runs under.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (rules) => {
    type Options = {
      resultTypes: string[];
      runOnly?: { type: 'rule'; values: string[] };
      rules?: Record<string, { enabled: boolean }>;
    };
    const axe = (
      window as unknown as { axe: { run(context: Document, options: Options): Promise<AxeResults> } }
    ).axe;
    // Violations only: axe then records one passing element a rule, not every one (its documented speed-up).
    const { violations } = await axe.run(document, {
      resultTypes: ['violations'],
      // WCAG 2.2's target size (2.5.8), off in axe by default: a phone app is tapped, not clicked.
      ...(rules
        ? { runOnly: { type: 'rule', values: rules } }
        : { rules: { 'target-size': { enabled: true } } }),
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact!,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
        summary: v.nodes[0]?.failureSummary ?? '',
      }));
  }, rules);
}
