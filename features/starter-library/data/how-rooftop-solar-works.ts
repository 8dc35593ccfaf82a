import type { OptionDef } from './types';

/**
 * Theme "How rooftop solar works". Figures from docs/facts/solar-india.md
 * (sections "Solar Panel" and "Solar Inverter"); `sources` are its source
 * numbers. Inverter lifetimes are unverified there, so no reel states one.
 */
export const HOW_ROOFTOP_SOLAR_WORKS: OptionDef[] = [
  {
    key: 'panel-basics',
    topic: 'how-rooftop-solar-works',
    category: 'Solar Panel',
    name: 'What should I know about solar panels?',
    translations: { hi: { name: 'सोलर पैनल के बारे में क्या जानें?' }, he: { name: 'Solar panels ke baare mein kya jaanein?' } },
    isTldr: true,
    sources: [5, 25, 24, 27, 28],
    reels: {
      en: {
        title: { text: 'What should I know about rooftop solar panels?' },
        lines: [
          {
            text: 'For the subsidy, panels must use Indian-made cells and modules, called DCR.',
            say: 'For the subsidy, panels must use Indian-made cells and modules, called D C R.',
          },
          {
            text: '1 kW of panels makes about 4 to 5.5 units on a clear day.',
            say: '1 kilowatt of panels makes about 4 to 5.5 units on a clear day.',
          },
          { text: 'It needs about 10 to 12 square metres of shadow-free roof.' },
          { text: 'Panels usually carry a 25-year performance warranty and a 10 to 12-year product warranty.' },
          { text: 'Dirt can cut output by 15 to 25%, so clean them every 1 to 3 months with water and a soft cloth.' },
          { text: 'In the monsoon, output falls, but it does not stop.' },
        ],
      },
      hi: {
        title: { text: 'रूफ़टॉप सोलर पैनल के बारे में क्या जानना ज़रूरी है?' },
        lines: [
          {
            text: 'सब्सिडी के लिए पैनल में भारत में बने सेल और मॉड्यूल होने चाहिए, जिन्हें DCR कहते हैं।',
            say: 'सब्सिडी के लिए पैनल में भारत में बने सेल और मॉड्यूल होने चाहिए, जिन्हें डीसीआर कहते हैं।',
          },
          {
            text: '1 किलोवाट पैनल साफ़ धूप वाले दिन लगभग 4 से 5.5 यूनिट बनाते हैं।',
            say: '1 किलोवाट पैनल साफ़ धूप वाले दिन लगभग 4 से साढ़े पाँच यूनिट बनाते हैं।',
          },
          { text: 'इसके लिए लगभग 10 से 12 वर्ग मीटर छाया-रहित छत चाहिए।' },
          { text: 'पैनल पर आम तौर पर 25 साल की परफ़ॉर्मेंस वारंटी और 10 से 12 साल की प्रोडक्ट वारंटी होती है।' },
          { text: 'धूल से उत्पादन 15 से 25% तक घट सकता है, इसलिए हर 1 से 3 महीने में पानी और मुलायम कपड़े से सफ़ाई करें।' },
          { text: 'मानसून में उत्पादन घटता है, पर रुकता नहीं।' },
        ],
      },
      he: {
        title: {
          text: 'Rooftop solar panels ke baare mein kya jaanna zaroori hai?',
          say: 'रूफ़टॉप सोलर पैनल्स के बारे में क्या जानना ज़रूरी है?',
        },
        lines: [
          {
            text: 'Subsidy ke liye panels mein India mein bane cells aur modules hone chahiye, jinhe DCR kehte hain.',
            say: 'सब्सिडी के लिए पैनल्स में इंडिया में बने सेल्स और मॉड्यूल्स होने चाहिए, जिन्हें डीसीआर कहते हैं।',
          },
          {
            text: '1 kW panels saaf dhoop wale din lagbhag 4 se 5.5 units banate hain.',
            say: '1 किलोवाट पैनल्स साफ़ धूप वाले दिन लगभग 4 से साढ़े पाँच यूनिट्स बनाते हैं।',
          },
          {
            text: 'Iske liye lagbhag 10 se 12 square metre bina chhaya wali chhat chahiye.',
            say: 'इसके लिए लगभग 10 से 12 स्क्वेयर मीटर बिना छाया वाली छत चाहिए।',
          },
          {
            text: 'Panels par aam taur par 25 saal ki performance warranty aur 10 se 12 saal ki product warranty hoti hai.',
            say: 'पैनल्स पर आम तौर पर 25 साल की परफ़ॉर्मेंस वारंटी और 10 से 12 साल की प्रोडक्ट वारंटी होती है।',
          },
          {
            text: 'Dhool se output 15 se 25% tak ghat sakta hai, isliye har 1 se 3 mahine mein paani aur soft kapde se safai karein.',
            say: 'धूल से आउटपुट 15 से 25% तक घट सकता है, इसलिए हर 1 से 3 महीने में पानी और सॉफ़्ट कपड़े से सफ़ाई करें।',
          },
          { text: 'Monsoon mein output ghatta hai, par rukta nahin.', say: 'मॉनसून में आउटपुट घटता है, पर रुकता नहीं।' },
        ],
      },
    },
  },
  {
    key: 'inverter-types',
    topic: 'how-rooftop-solar-works',
    category: 'Solar Inverter',
    name: 'On-grid, hybrid or off-grid?',
    translations: { hi: { name: 'ऑन-ग्रिड, हाइब्रिड या ऑफ़-ग्रिड?' }, he: { name: 'On-grid, hybrid ya off-grid?' } },
    isTldr: false,
    sources: [17, 18, 19],
    reels: {
      en: {
        title: { text: 'Which inverter: on-grid, hybrid or off-grid?' },
        lines: [
          { text: 'An on-grid inverter has no battery, and it is the cheapest.' },
          { text: 'It switches off during a power cut, even in sunshine, to protect line workers.' },
          { text: 'A hybrid inverter is connected to the grid and also charges a battery.' },
          { text: 'So a hybrid system gives you backup during a power cut.' },
          { text: 'An off-grid system runs on batteries only, has no grid connection, and gets no subsidy.' },
        ],
      },
      hi: {
        title: { text: 'कौन सा इन्वर्टर: ऑन-ग्रिड, हाइब्रिड या ऑफ़-ग्रिड?' },
        lines: [
          { text: 'ऑन-ग्रिड इन्वर्टर में बैटरी नहीं होती, और यह सबसे सस्ता है।' },
          { text: 'बिजली कटने पर यह बंद हो जाता है, धूप होने पर भी, ताकि लाइन पर काम करने वाले कर्मचारी सुरक्षित रहें।' },
          { text: 'हाइब्रिड इन्वर्टर ग्रिड से जुड़ा रहता है और बैटरी भी चार्ज करता है।' },
          { text: 'इसलिए हाइब्रिड सिस्टम बिजली कटने पर बैकअप देता है।' },
          { text: 'ऑफ़-ग्रिड सिस्टम सिर्फ़ बैटरी पर चलता है, ग्रिड से नहीं जुड़ता, और इस पर सब्सिडी नहीं मिलती।' },
        ],
      },
      he: {
        title: { text: 'Kaun sa inverter: on-grid, hybrid ya off-grid?', say: 'कौन सा इन्वर्टर: ऑन-ग्रिड, हाइब्रिड या ऑफ़-ग्रिड?' },
        lines: [
          {
            text: 'On-grid inverter mein battery nahin hoti, aur yeh sabse sasta hai.',
            say: 'ऑन-ग्रिड इन्वर्टर में बैटरी नहीं होती, और यह सबसे सस्ता है।',
          },
          {
            text: 'Power cut hone par yeh band ho jaata hai, dhoop mein bhi, taaki line par kaam karne wale safe rahein.',
            say: 'पावर कट होने पर यह बंद हो जाता है, धूप में भी, ताकि लाइन पर काम करने वाले सेफ़ रहें।',
          },
          {
            text: 'Hybrid inverter grid se juda rehta hai aur battery bhi charge karta hai.',
            say: 'हाइब्रिड इन्वर्टर ग्रिड से जुड़ा रहता है और बैटरी भी चार्ज करता है।',
          },
          { text: 'Isliye hybrid system power cut mein backup deta hai.', say: 'इसलिए हाइब्रिड सिस्टम पावर कट में बैकअप देता है।' },
          {
            text: 'Off-grid system sirf battery par chalta hai, grid se nahin judta, aur is par subsidy nahin milti.',
            say: 'ऑफ़-ग्रिड सिस्टम सिर्फ़ बैटरी पर चलता है, ग्रिड से नहीं जुड़ता, और इस पर सब्सिडी नहीं मिलती।',
          },
        ],
      },
    },
  },
];
