import type { QuestionBankCategory, ReelLang, TopicDef } from './types';

/**
 * The starter library's themes (topics). Each question-bank category belongs
 * to exactly one theme, so filtering by topic, category and option narrows
 * the feed step by step. Subsidy is the theme people ask about most: HOT.
 */
export const TOPICS: readonly TopicDef[] = [
  {
    slug: 'subsidy-and-money',
    name: 'Subsidy and money',
    description: 'The PM Surya Ghar subsidy, state top-ups, what a system costs and how to pay for it.',
    translations: {
      hi: { name: 'सब्सिडी और पैसा', description: 'पीएम सूर्य घर सब्सिडी, राज्य की अतिरिक्त मदद, सिस्टम की लागत और उसका भुगतान कैसे करें।' },
      he: { name: 'Subsidy aur paisa', description: 'PM Surya Ghar subsidy, state ka extra top-up, system ki lagat aur payment kaise karein.' },
    },
    typeTag: 'HOT',
    accent: '#f59e0b',
    categories: ['Subsidy', 'System Cost'],
  },
  {
    slug: 'save-with-solar',
    name: 'Save with solar',
    description: 'What rooftop solar gives a home: free units, a lower bill, and the right size for your use.',
    translations: {
      hi: { name: 'सोलर से बचत', description: 'रूफ़टॉप सोलर से घर को क्या मिलता है: मुफ़्त यूनिट, कम बिल और आपकी खपत के हिसाब से सही साइज़।' },
      he: { name: 'Solar se bachat', description: 'Rooftop solar se ghar ko kya milta hai: free units, kam bill aur aapke use ke hisaab se sahi size.' },
    },
    typeTag: 'FREE',
    accent: '#22c55e',
    categories: ['Benefits', 'System Size'],
  },
  {
    slug: 'how-rooftop-solar-works',
    name: 'How rooftop solar works',
    description: 'Panels and inverters: what they make on an Indian roof, what they need and how long they last.',
    translations: {
      hi: { name: 'रूफ़टॉप सोलर कैसे काम करता है', description: 'पैनल और इन्वर्टर: भारतीय छत पर ये कितनी बिजली बनाते हैं, इन्हें क्या चाहिए और ये कितने साल चलते हैं।' },
      he: { name: 'Rooftop solar kaise kaam karta hai', description: 'Panels aur inverter: Indian chhat par ye kitni bijli banate hain, inhe kya chahiye aur kitne saal chalte hain.' },
    },
    typeTag: 'FREE',
    accent: '#38bdf8',
    categories: ['Solar Panel', 'Solar Inverter'],
  },
  {
    slug: 'getting-connected',
    name: 'Getting connected',
    description: 'Applying on the national portal, your DISCOM, net metering and the paperwork.',
    translations: {
      hi: { name: 'कनेक्शन कैसे लें', description: 'राष्ट्रीय पोर्टल पर आवेदन, आपकी डिस्कॉम, नेट मीटरिंग और काग़ज़ी कार्रवाई।' },
      he: { name: 'Connection kaise lein', description: 'National portal par apply karna, aapki DISCOM, net metering aur paperwork.' },
    },
    typeTag: 'FREE',
    accent: '#a78bfa',
    categories: ['Buying Solar', 'Electric Connection', 'Things to know'],
  },
];

/** The category label shown on a reel, in the reel's language (SPEC.md section 3: equivalent category lists). */
export const CATEGORY_LABELS: Readonly<Record<QuestionBankCategory, Record<ReelLang, string>>> = {
  Benefits: { en: 'Benefits', hi: 'फ़ायदे', he: 'Fayde' },
  'Buying Solar': { en: 'Buying Solar', hi: 'सोलर ख़रीदना', he: 'Solar kharidna' },
  'Electric Connection': { en: 'Electric Connection', hi: 'बिजली कनेक्शन', he: 'Bijli connection' },
  'Solar Inverter': { en: 'Solar Inverter', hi: 'सोलर इन्वर्टर', he: 'Solar inverter' },
  'Solar Panel': { en: 'Solar Panel', hi: 'सोलर पैनल', he: 'Solar panel' },
  Subsidy: { en: 'Subsidy', hi: 'सब्सिडी', he: 'Subsidy' },
  'System Cost': { en: 'System Cost', hi: 'सिस्टम की लागत', he: 'System ki lagat' },
  'System Size': { en: 'System Size', hi: 'सिस्टम का साइज़', he: 'System ka size' },
  'Things to know': { en: 'Things to know', hi: 'ज़रूरी बातें', he: 'Zaroori baatein' },
};

/** The brand line of every reel's end card. */
export const BRAND = {
  name: 'Surya Reels',
  tagline: { en: 'Rooftop solar, explained', hi: 'रूफ़टॉप सोलर, आसान भाषा में', he: 'Rooftop solar, aasaan bhasha mein' },
} as const;

/** The account that owns the starter reels (created once). */
export const TEAM_USER = { name: 'Surya Reels team', username: 'surya-reels-team' } as const;

/**
 * Source keys of this generation of the library: bump the version to make a new one
 * beside it (installs render the new generation on their next start, and
 * make-library.ts `retireReplacedReels` takes an older reel out of the feed once its
 * replacement is ready). v2: text inside the phone safe area (server/safe-area.ts).
 */
export const SOURCE_KEY_PREFIX = 'starter:v2:';

/** Every generation's source keys start with this. */
export const STARTER_KEY_ROOT = 'starter:';

/** `starter:v2:<option-key>:<lang>`: the idempotency key of one reel. */
export function sourceKeyOf(optionKey: string, lang: ReelLang): string {
  return `${SOURCE_KEY_PREFIX}${optionKey}:${lang}`;
}
