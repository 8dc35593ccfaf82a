import type { OptionDef } from './types';

/**
 * Theme "Save with solar". Figures from docs/facts/solar-india.md
 * (sections "Benefits" and "System Size"); `sources` are its source numbers.
 */
export const SAVE_WITH_SOLAR: OptionDef[] = [
  {
    key: 'free-units',
    topic: 'save-with-solar',
    category: 'Benefits',
    name: "What do '300 free units' mean?",
    translations: { hi: { name: "'300 मुफ़्त यूनिट' का मतलब क्या है?" }, he: { name: "'300 free units' ka matlab kya hai?" } },
    isTldr: true,
    sources: [1, 2, 3],
    reels: {
      en: {
        title: { text: "What do '300 free units' really mean?" },
        lines: [
          {
            text: 'PM Surya Ghar talks of up to 300 free units of electricity a month.',
            say: 'P M Surya Ghar talks of up to 300 free units of electricity a month.',
          },
          { text: 'These are units made by your own rooftop panels.' },
          { text: 'A 3 kW system averages more than 300 units a month.', say: 'A 3 kilowatt system averages more than 300 units a month.' },
          {
            text: 'For a home using up to 300 units a month, the estimated saving is about ₹15,000 a year.',
            say: 'For a home using up to 300 units a month, the estimated saving is about 15,000 rupees a year.',
          },
          {
            text: 'But a zero bill is not guaranteed: MNRE told the Rajya Sabha that about 45% of beneficiary homes get one.',
            say: 'But a zero bill is not guaranteed: M N R E told the Rajya Sabha that about 45% of beneficiary homes get one.',
          },
          { text: "It depends on system size, generation, how much you use yourself, and your state's rules." },
        ],
      },
      hi: {
        title: { text: "'300 मुफ़्त यूनिट' का असली मतलब क्या है?" },
        lines: [
          { text: 'पीएम सूर्य घर योजना में हर महीने 300 यूनिट तक मुफ़्त बिजली की बात है।' },
          { text: 'ये यूनिट आपकी अपनी छत पर लगे पैनल बनाते हैं।' },
          { text: '3 किलोवाट का सिस्टम औसतन हर महीने 300 से ज़्यादा यूनिट बनाता है।' },
          {
            text: 'जो घर महीने में 300 यूनिट तक इस्तेमाल करता है, उसकी अनुमानित बचत लगभग ₹15,000 सालाना है।',
            say: 'जो घर महीने में 300 यूनिट तक इस्तेमाल करता है, उसकी अनुमानित बचत लगभग 15,000 रुपये सालाना है।',
          },
          {
            text: 'पर ज़ीरो बिल की गारंटी नहीं है: MNRE ने राज्यसभा को बताया कि लगभग 45% लाभार्थी घरों का बिल ज़ीरो आता है।',
            say: 'पर ज़ीरो बिल की गारंटी नहीं है: एमएनआरई ने राज्यसभा को बताया कि लगभग 45% लाभार्थी घरों का बिल ज़ीरो आता है।',
          },
          { text: 'यह सिस्टम के साइज़, बिजली उत्पादन, आपकी अपनी खपत और राज्य के नियमों पर निर्भर करता है।' },
        ],
      },
      he: {
        title: { text: "'300 free units' ka asli matlab kya hai?", say: "'300 फ़्री यूनिट्स' का असली मतलब क्या है?" },
        lines: [
          {
            text: 'PM Surya Ghar yojana mein har mahine 300 units tak free bijli ki baat hai.',
            say: 'पीएम सूर्य घर योजना में हर महीने 300 यूनिट्स तक फ़्री बिजली की बात है।',
          },
          { text: 'Yeh units aapki apni chhat par lage panels banate hain.', say: 'ये यूनिट्स आपकी अपनी छत पर लगे पैनल्स बनाते हैं।' },
          {
            text: '3 kW ka system average har mahine 300 se zyada units banata hai.',
            say: '3 किलोवाट का सिस्टम एवरेज हर महीने 300 से ज़्यादा यूनिट्स बनाता है।',
          },
          {
            text: 'Jo ghar mahine mein 300 units tak use karta hai, uski estimated bachat lagbhag ₹15,000 saal ki hai.',
            say: 'जो घर महीने में 300 यूनिट्स तक यूज़ करता है, उसकी एस्टिमेटेड बचत लगभग 15,000 रुपये साल की है।',
          },
          {
            text: 'Par zero bill ki guarantee nahin hai: MNRE ne Rajya Sabha ko bataya ki lagbhag 45% beneficiary gharon ka bill zero aata hai.',
            say: 'पर ज़ीरो बिल की गारंटी नहीं है: एमएनआरई ने राज्यसभा को बताया कि लगभग 45% बेनिफ़िशियरी घरों का बिल ज़ीरो आता है।',
          },
          {
            text: 'Yeh system size, generation, aapki apni khapat aur state ke rules par depend karta hai.',
            say: 'यह सिस्टम साइज़, जनरेशन, आपकी अपनी खपत और स्टेट के रूल्स पर डिपेंड करता है।',
          },
        ],
      },
    },
  },
  {
    key: 'size-from-units',
    topic: 'save-with-solar',
    category: 'System Size',
    name: 'What size system do I need?',
    translations: { hi: { name: 'मुझे कितने साइज़ का सिस्टम चाहिए?' }, he: { name: 'Mujhe kitne size ka system chahiye?' } },
    isTldr: false,
    sources: [42, 43, 31, 44],
    reels: {
      en: {
        title: { text: 'What size of solar system does my home need?' },
        lines: [
          { text: 'A simple rule: divide your average monthly units by 120.' },
          { text: "That's because 1 kW makes about 4 units a day.", say: "That's because 1 kilowatt makes about 4 units a day." },
          {
            text: 'So 2 kW gives about 240 units a month, and 3 kW more than 300.',
            say: 'So 2 kilowatts give about 240 units a month, and 3 kilowatts more than 300.',
          },
          {
            text: 'As a guide: up to 150 units a month, 1 to 2 kW; 150 to 300 units, 2 to 3 kW; above 300, more than 3 kW.',
            say: 'As a guide: up to 150 units a month, 1 to 2 kilowatts; 150 to 300 units, 2 to 3 kilowatts; above 300, more than 3 kilowatts.',
          },
          {
            text: 'Size it to your yearly use: surplus units carry forward, then at year end they are paid at a low rate or lapse, depending on your state.',
          },
        ],
      },
      hi: {
        title: { text: 'मेरे घर के लिए कितने किलोवाट का सिस्टम चाहिए?' },
        lines: [
          { text: 'आसान नियम: अपनी औसत मासिक यूनिट को 120 से भाग दें।' },
          { text: 'क्योंकि 1 किलोवाट दिन में लगभग 4 यूनिट बनाता है।' },
          { text: 'यानी 2 किलोवाट महीने में लगभग 240 यूनिट देता है, और 3 किलोवाट 300 से ज़्यादा।' },
          { text: 'मोटे तौर पर: महीने में 150 यूनिट तक, 1 से 2 किलोवाट; 150 से 300 यूनिट, 2 से 3 किलोवाट; 300 से ऊपर, 3 किलोवाट से बड़ा।' },
          {
            text: 'साइज़ सालाना खपत के हिसाब से रखें: बची यूनिट आगे जुड़ती हैं, फिर साल के अंत में उनका भुगतान कम दर पर होता है या वे ख़त्म हो जाती हैं, राज्य के हिसाब से।',
          },
        ],
      },
      he: {
        title: { text: 'Mere ghar ke liye kitne kW ka system chahiye?', say: 'मेरे घर के लिए कितने किलोवाट का सिस्टम चाहिए?' },
        lines: [
          {
            text: 'Aasaan rule: apni average monthly units ko 120 se divide karein.',
            say: 'आसान रूल: अपनी एवरेज मंथली यूनिट्स को 120 से डिवाइड करें।',
          },
          { text: 'Kyunki 1 kW din mein lagbhag 4 units banata hai.', say: 'क्योंकि 1 किलोवाट दिन में लगभग 4 यूनिट्स बनाता है।' },
          {
            text: 'Yaani 2 kW mahine mein lagbhag 240 units deta hai, aur 3 kW 300 se zyada.',
            say: 'यानी 2 किलोवाट महीने में लगभग 240 यूनिट्स देता है, और 3 किलोवाट 300 से ज़्यादा।',
          },
          {
            text: 'Mote taur par: mahine mein 150 units tak, 1 se 2 kW; 150 se 300 units, 2 se 3 kW; 300 se upar, 3 kW se bada.',
            say: 'मोटे तौर पर: महीने में 150 यूनिट्स तक, 1 से 2 किलोवाट; 150 से 300 यूनिट्स, 2 से 3 किलोवाट; 300 से ऊपर, 3 किलोवाट से बड़ा।',
          },
          {
            text: 'Size saal bhar ki khapat ke hisaab se rakhein: bachi units aage judti hain, phir saal ke end mein kam rate par payment hota hai ya woh lapse ho jaati hain, state ke hisaab se.',
            say: 'साइज़ साल भर की खपत के हिसाब से रखें: बची यूनिट्स आगे जुड़ती हैं, फिर साल के एंड में कम रेट पर पेमेंट होता है या वो लैप्स हो जाती हैं, स्टेट के हिसाब से।',
          },
        ],
      },
    },
  },
];
