import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';
import { deals } from '@/lib/db/schema';
import { fillMissingTranslations } from '@/lib/localized';

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

/** SAMPLE_TERMS in Hindi (Devanagari) and Hinglish (Latin script): same facts, same numbers. */
const SAMPLE_TERMS_HI = 'यह एक नमूना ऑफ़र है, ताकि रेफ़रल प्रोग्राम को शुरू से आख़िर तक आज़माया जा सके; यह असली ऑफ़र नहीं है। '
  + 'प्रोवाइडर इसकी जगह अपनी शर्तें लगाता है। इनाम हर घर के लिए एक बार, रेफ़र करने वाले को, ऑर्डर होने '
  + 'और होल्डिंग अवधि पूरी होने के बाद मिलता है। सब्सिडी के नियम बदलते रहते हैं: मौजूदा नियम pmsuryaghar.gov.in पर देखें।';
const SAMPLE_TERMS_HE = 'Yeh ek sample offer hai, taaki referral program ko shuru se aakhir tak try kiya ja sake; yeh live offer nahi hai. '
  + 'Provider iski jagah apni terms lagata hai. Reward har ghar ke liye ek baar, refer karne wale ko, order place hone '
  + 'aur holding period poora hone ke baad milta hai. Subsidy ke rules badalte rehte hain: current rule pmsuryaghar.gov.in par check karein.';

/** The three sample deals, in the order they are shown. */
export const STARTER_DEALS: ReadonlyArray<typeof deals.$inferInsert> = [
  {
    url_id: 'sample-refer-a-home',
    title: 'Refer a home to rooftop solar',
    ribbon: null,
    description: 'Know a family with their own roof and a high electricity bill? Refer them for a free consultation on a '
      + 'rooftop solar system. Under PM Surya Ghar the central subsidy for a home system of 3 kW or more is up to Rs 78,000 '
      + '(as of 2026; see pmsuryaghar.gov.in). You earn a reward when their order is placed.',
    translations: {
      hi: {
        title: 'किसी घर को रूफ़टॉप सोलर के लिए रेफ़र करें',
        description: 'कोई परिवार जानते हैं जिनकी अपनी छत है और बिजली का बिल ज़्यादा आता है? उन्हें रूफ़टॉप सोलर सिस्टम पर मुफ़्त सलाह के '
          + 'लिए रेफ़र करें। पीएम सूर्य घर के तहत 3 kW या उससे बड़े घरेलू सिस्टम पर केंद्र की सब्सिडी Rs 78,000 तक है '
          + '(2026 के अनुसार; pmsuryaghar.gov.in देखें)। उनका ऑर्डर होने पर आपको इनाम मिलता है।',
      },
      he: {
        title: 'Kisi ghar ko rooftop solar ke liye refer karein',
        description: 'Koi family jaante hain jinki apni chhat hai aur bijli ka bill zyada aata hai? Unhe rooftop solar system par free '
          + 'consultation ke liye refer karein. PM Surya Ghar mein 3 kW ya usse bade ghar ke system par central subsidy Rs 78,000 tak hai '
          + '(2026 ke hisaab se; pmsuryaghar.gov.in dekhein). Unka order place hone par aapko reward milta hai.',
      },
    },
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
    translations: {
      hi: {
        title: 'किसी हाउसिंग सोसाइटी को रेफ़र करें',
        ribbon: '50K',
        description: 'हाउसिंग सोसाइटी या रेज़िडेंट्स वेलफ़ेयर एसोसिएशन अपनी छत पर लिफ़्ट, पंप और गलियारे की लाइटों जैसे साझा '
          + 'इस्तेमाल के लिए सोलर लगा सकती है, और पीएम सूर्य घर में हाउसिंग सोसाइटियों के लिए अलग केंद्रीय सहायता है '
          + '(pmsuryaghar.gov.in देखें)। अपनी सोसाइटी की कमेटी से मिलवाएँ और सोसाइटी का ऑर्डर होने पर Rs 50,000 तक कमाएँ।',
      },
      he: {
        title: 'Housing society ko refer karein',
        ribbon: '50K',
        description: 'Housing society ya Residents Welfare Association apni chhat par lift, pump aur corridor lights jaise common '
          + 'use ke liye solar laga sakti hai, aur PM Surya Ghar mein housing societies ke liye alag central assistance hai '
          + '(pmsuryaghar.gov.in dekhein). Apni society ki committee se milwaiye aur society ka order place hone par Rs 50,000 tak kamaiye.',
      },
    },
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
    translations: {
      hi: {
        title: 'ग्राहकों के लिए: परिवार और दोस्तों के लिए सोलर',
        ribbon: 'ग्राहक',
        description: 'आपकी छत पर पहले से प्रोवाइडर का सोलर लगा है? परिवार और दोस्तों को बताएँ कि यह आपके लिए कैसे काम करता है '
          + 'और उन्हें रेफ़र करें। यह डील सिर्फ़ प्रोवाइडर के रजिस्टर्ड ग्राहकों के लिए है।',
      },
      he: {
        title: 'Customers ke liye: family aur dosto ke liye solar',
        ribbon: 'Customers',
        description: 'Aapki chhat par pehle se provider ka solar laga hai? Family aur dosto ko batayein ki yeh aapke liye kaise kaam karta '
          + 'hai aur unhe refer karein. Yeh deal sirf provider ke registered customers ke liye hai.',
      },
    },
    reward_inr: 3000,
    customers_only: true,
    sort_order: 3,
  },
].map((d) => ({
  ...d,
  source: 'sample',
  is_sample: true,
  active: true,
  terms: SAMPLE_TERMS,
  translations: {
    hi: { ...d.translations.hi, terms: SAMPLE_TERMS_HI },
    he: { ...d.translations.he, terms: SAMPLE_TERMS_HE },
  },
}));

/**
 * Inserts the starter deals that are missing (by `url_id`): idempotent, and
 * a deal staff have since edited is left as it is. A starter deal already in
 * the database whose English is unedited gets the Hindi/Hinglish texts it
 * lacks (`translations`), so an older database gains them on re-seed without
 * new rows. Called at start-up.
 * @returns how many deals it inserted (0 once they exist).
 */
export async function seedStarterDeals(db: DbOrTx): Promise<number> {
  const ids = STARTER_DEALS.map((d) => d.url_id);
  const existing = await db.select({
    id: deals.id, url_id: deals.url_id, title: deals.title, ribbon: deals.ribbon, description: deals.description,
    terms: deals.terms, translations: deals.translations,
  }).from(deals).where(inArray(deals.url_id, ids));
  for (const row of existing) {
    const seed = STARTER_DEALS.find((d) => d.url_id === row.url_id)!;
    // Only a deal whose English texts are still the seed's gets the seed's translations: an edited one would not match them.
    const unedited = row.title === seed.title && row.ribbon === (seed.ribbon ?? null)
      && row.description === seed.description && row.terms === seed.terms;
    if (!unedited) continue;
    const filled = fillMissingTranslations(row.translations, seed.translations ?? {});
    if (!isDeepStrictEqual(filled, row.translations)) await db.update(deals).set({ translations: filled }).where(eq(deals.id, row.id));
  }
  const have = new Set(existing.map((r) => r.url_id));
  const missing = STARTER_DEALS.filter((d) => !have.has(d.url_id));
  if (missing.length === 0) return 0;
  const made = await db.insert(deals).values([...missing]).onConflictDoNothing({ target: deals.url_id }).returning({ id: deals.id });
  return made.length;
}
