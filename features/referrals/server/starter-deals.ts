import 'server-only';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';
import { deals } from '@/lib/db/schema';

/**
 * The starter deals (docs/decisions/010 "Starter deals"): three sample
 * offers a fresh database gets, so `npm start` shows the referral program
 * end to end. They are marked `is_sample` (source `sample`), say so in
 * their terms, and staff edit or deactivate them like any deal. Scheme
 * figures follow the project's solar facts (central subsidy up to Rs 78,000
 * for a home system of 3 kW or more, as of 2026) and point to
 * pmsuryaghar.gov.in for the current rule; the reward amounts are samples,
 * not the provider's offers.
 */

const SAMPLE_TERMS = 'This is a sample offer, shown so the referral program can be tried end to end; it is not a live offer. '
  + 'The provider replaces it with its own terms. A reward is paid once per household, to the referrer, after the order is placed '
  + 'and a holding period has passed. Subsidy rules change: check pmsuryaghar.gov.in for the current rule.';

/** The three sample deals, in the order they are shown. */
export const STARTER_DEALS: ReadonlyArray<typeof deals.$inferInsert> = [
  {
    url_id: 'sample-refer-a-home',
    title: 'Refer a home to rooftop solar',
    ribbon: null,
    description: 'Know a family with their own roof and a high electricity bill? Refer them for a free consultation on a '
      + 'rooftop solar system. Under PM Surya Ghar the central subsidy for a home system of 3 kW or more is up to Rs 78,000 '
      + '(as of 2026; see pmsuryaghar.gov.in). You earn a reward when their order is placed.',
    reward_inr: 2000,
    customers_only: false,
    sort_order: 1,
  },
  {
    url_id: 'sample-refer-a-housing-society',
    title: 'Refer a housing society',
    ribbon: '50K',
    description: 'A housing society or residents\u2019 welfare association can put solar on its roof for common areas such as '
      + 'lifts, pumps and corridor lights, and housing societies have their own central assistance under PM Surya Ghar (see '
      + 'pmsuryaghar.gov.in). Introduce your society\u2019s committee and earn up to Rs 50,000 when the society places its order.',
    reward_inr: 50000,
    customers_only: false,
    sort_order: 2,
  },
  {
    url_id: 'sample-customers-family-and-friends',
    title: 'Customers: solar for family and friends',
    ribbon: 'Customers',
    description: 'Already have the provider\u2019s solar on your roof? Tell family and friends how it works for you and refer '
      + 'them. This deal is for registered customers of the provider only.',
    reward_inr: 3000,
    customers_only: true,
    sort_order: 3,
  },
].map((d) => ({ ...d, source: 'sample', is_sample: true, active: true, terms: SAMPLE_TERMS }));

/**
 * Inserts the starter deals that are missing (by `url_id`): idempotent, and
 * a deal staff have since edited is left as it is. Called at start-up.
 * @returns how many deals it inserted (0 once they exist).
 */
export async function seedStarterDeals(db: DbOrTx): Promise<number> {
  const ids = STARTER_DEALS.map((d) => d.url_id);
  const have = new Set((await db.select({ url_id: deals.url_id }).from(deals).where(inArray(deals.url_id, ids))).map((r) => r.url_id));
  const missing = STARTER_DEALS.filter((d) => !have.has(d.url_id));
  if (missing.length === 0) return 0;
  const made = await db.insert(deals).values([...missing]).onConflictDoNothing({ target: deals.url_id }).returning({ id: deals.id });
  return made.length;
}
