/*
 * The probes' report (scripts/probe-abuse.ts): one line per verdict, the
 * tally and the figures for the summary.
 */

export type Verdict = 'PASS' | 'FAIL' | 'SKIP';
/** How many lines of each verdict. */
export const tally: Record<Verdict, number> = { PASS: 0, FAIL: 0, SKIP: 0 };
/** The probes that failed, for the summary. */
export const failures: string[] = [];
/** Figures for the summary (probe 5's count, probe 8's, the odds). */
export const figures: string[] = [];

/** One probe's line: its verdict, what was sent, what came back, and what the product promises. */
export function judge(probe: string, sent: string, got: string, ok: boolean, want: string): boolean {
  const verdict: Verdict = ok ? 'PASS' : 'FAIL';
  tally[verdict]++;
  if (!ok) failures.push(`${probe} ${sent}`);
  console.log(`${verdict}  ${probe.padEnd(13)} ${sent} -> ${got}   [want ${want}]`);
  return ok;
}

/** A probe that could not run, and why. */
export function skip(probe: string, sent: string, why: string): void {
  tally.SKIP++;
  console.log(`SKIP  ${probe.padEnd(13)} ${sent}: ${why}`);
}

/** A line of information under a probe. */
export function info(probe: string, text: string): void {
  console.log(`      ${probe.padEnd(13)} ${text}`);
}

/** A phone as the output shows it: the numbers are random and may be someone's. */
export const masked = (phone: string) => `******${phone.slice(-4)}`;

/** Runs one probe; an error it did not judge is a FAIL line of its own. */
export async function probe(name: string, what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    judge(name, what, `stopped: ${err instanceof Error ? err.message : String(err)}`, false, 'the probe to run to its end');
  }
}
