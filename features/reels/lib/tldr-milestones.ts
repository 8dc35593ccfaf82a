/**
 * The shares of a TLDR reel whose first passing sends a TLDR_PROGRESS event
 * (SPEC.md section 3; docs/decisions/018-tldr-popup.md), percent. 100 is
 * not here: the player's completion already sends TLDR_PROGRESS for a TLDR
 * reel (features/reels/api/events.ts), so the end is reported once.
 */
export const TLDR_MILESTONES = [25, 50, 75] as const;

/**
 * The milestones reached at `fraction` (0..1 of the reel played) that are not
 * in `sent` yet, in ascending order; it adds them to `sent`. A NaN or
 * negative fraction reaches none.
 */
export function takeMilestones(fraction: number, sent: Set<number>): number[] {
  const out: number[] = [];
  if (!(fraction > 0)) return out;
  for (const m of TLDR_MILESTONES) {
    if (fraction * 100 >= m && !sent.has(m)) {
      sent.add(m);
      out.push(m);
    }
  }
  return out;
}
