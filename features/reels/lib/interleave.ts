/**
 * The "all languages" feed's order within one page: reels that are the same
 * question in another language share an option (the starter library makes
 * one reel per option and language), and a reel must never be followed by
 * the same option. Each page keeps exactly the reels the plain feed order
 * gives it (feed_seq, then id), so paging neither repeats nor skips and new
 * reels still land after every page already served (SPEC.md section 4
 * "Paging"); only the order inside the page changes.
 *
 * Pages must also join well: a page's last reel depends on its own reels
 * only (`lastOfPage`), so the next page can open with another option
 * without knowing how the pages before were arranged.
 */

/** Most search steps for one page (10 reels need far fewer); past it the greedy order is used. */
const MAX_STEPS = 20_000;

/**
 * The reel a page ends with, from its reels alone: the latest reel of the
 * option with the most reels on the page (ties: the option seen last), so
 * the crowded option is spread to the page's end.
 */
export function lastOfPage<T>(items: readonly T[], keyOf: (t: T) => string): T | undefined {
  const counts = new Map<string, number>();
  for (const it of items) counts.set(keyOf(it), (counts.get(keyOf(it)) ?? 0) + 1);
  let best: T | undefined;
  let bestN = 0;
  for (const it of items) {
    const n = counts.get(keyOf(it))!;
    if (n >= bestN) {
      best = it;
      bestN = n;
    }
  }
  return best;
}

/**
 * `items` (in feed order) reordered so that no two neighbours share a key,
 * the first differs from `avoidFirst` (the key the previous page ended
 * with) and the last is `lastOfPage(items)`; among such orders, the one
 * closest to feed order (each step takes the earliest reel that fits, and a
 * key's reels keep their order). When no such order exists (e.g. most of
 * the page is one option) the greedy order comes closest.
 * @param keyOf the reel's question: its option id.
 */
export function interleavePage<T>(items: readonly T[], keyOf: (t: T) => string, avoidFirst: string | null = null): T[] {
  const last = lastOfPage(items, keyOf);
  if (last === undefined || items.length === 1) return [...items];
  const rest = items.filter((t) => t !== last);
  const endKey = keyOf(last);
  const used = new Array<boolean>(rest.length).fill(false);
  const out: T[] = [];
  let steps = 0;

  const remainingMax = (): number => {
    const c = new Map<string, number>();
    let max = 0;
    rest.forEach((t, i) => {
      if (used[i]) return;
      const n = (c.get(keyOf(t)) ?? 0) + 1;
      c.set(keyOf(t), n);
      max = Math.max(max, n);
    });
    return max;
  };

  const search = (prev: string | null): boolean => {
    const left = rest.length - out.length;
    if (left === 0) return prev !== endKey;
    if (++steps > MAX_STEPS || remainingMax() > Math.ceil(left / 2)) return false;
    const tried = new Set<string>();
    for (let i = 0; i < rest.length; i++) {
      if (used[i]) continue;
      const k = keyOf(rest[i]!);
      // A key's reels keep their order: only its earliest unused reel is a candidate.
      if (tried.has(k)) continue;
      tried.add(k);
      if (k === prev) continue;
      used[i] = true;
      out.push(rest[i]!);
      if (search(k)) return true;
      out.pop();
      used[i] = false;
    }
    return false;
  };

  if (search(avoidFirst)) return [...out, last];
  return [...greedy(rest, keyOf, avoidFirst), last];
}

/** Each step the earliest reel whose key differs from the one before, else the earliest. */
function greedy<T>(items: readonly T[], keyOf: (t: T) => string, avoidFirst: string | null): T[] {
  const left = [...items];
  const out: T[] = [];
  let prev = avoidFirst;
  while (left.length) {
    let i = left.findIndex((t) => keyOf(t) !== prev);
    if (i < 0) i = 0;
    const [t] = left.splice(i, 1);
    out.push(t!);
    prev = keyOf(t!);
  }
  return out;
}

/**
 * One viewer's view of a page when some reels are hidden from them (the main
 * feed leaves out TLDR reels they have seen, docs/decisions/018-tldr-popup.md):
 * the shown reels of `page` arranged by `interleavePage`, opening with another
 * question than the previous page ends on as this viewer sees it (the
 * `lastOfPage` of its shown reels). With every reel shown it is exactly the
 * shared page's order, so hiding changes only the order inside the page and
 * which reels it holds, never which page a reel is on.
 * @param page this page's reels in feed order (feed_seq, then id).
 * @param prevPage the previous page's reels in feed order; empty on the first page.
 * @param keyOf the reel's question: its option id.
 * @param shown false for a reel hidden from this viewer.
 */
export function interleaveShown<K, T extends K>(
  page: readonly T[], prevPage: readonly K[], keyOf: (k: K) => string, shown: (k: K) => boolean,
): T[] {
  const prevLast = lastOfPage(prevPage.filter(shown), keyOf);
  return interleavePage(page.filter(shown), keyOf, prevLast === undefined ? null : keyOf(prevLast));
}
