import type { OptionDef } from './types';

/**
 * Theme "Subsidy and money". Every figure is from docs/facts/solar-india.md
 * (section "Subsidy", "System Cost", "Buying Solar"); the numbers in
 * `sources` are that sheet's source numbers. Scheme rules change: the closing
 * line of each reel says "as of" and points to pmsuryaghar.gov.in.
 */
export const SUBSIDY_AND_MONEY: OptionDef[] = [
  {
    key: 'subsidy-3kw',
    topic: 'subsidy-and-money',
    category: 'Subsidy',
    name: 'How much subsidy for 3 kW?',
    translations: { hi: { name: '3 kW पर कितनी सब्सिडी?' }, he: { name: '3 kW par kitni subsidy?' } },
    isTldr: true,
    sources: [1, 5, 30, 32, 33],
    reels: {
      en: {
        title: { text: 'How much subsidy do I get for a 3 kW system?', say: 'How much subsidy do I get for a 3 kilowatt system?' },
        lines: [
          {
            text: 'Under PM Surya Ghar, the central subsidy is ₹30,000 per kW for the first 2 kW.',
            say: 'Under P M Surya Ghar, the central subsidy is 30,000 rupees per kilowatt for the first 2 kilowatts.',
          },
          { text: 'The third kW gets ₹18,000.', say: 'The third kilowatt gets 18,000 rupees.' },
          {
            text: 'So the subsidy is capped at ₹78,000, for 3 kW and above.',
            say: 'So the subsidy is capped at 78,000 rupees, for 3 kilowatts and above.',
          },
          {
            text: 'Special-category states and UTs, like the North-East, J&K, Ladakh, Himachal, Uttarakhand and the islands, get up to ₹85,800.',
            say: 'Special category states and union territories, like the North-East, Jammu and Kashmir, Ladakh, Himachal, Uttarakhand and the islands, get up to 85,800 rupees.',
          },
          {
            text: 'Some states add a top-up: Uttar Pradesh and Delhi add up to ₹30,000, for a total of ₹1,08,000.',
            say: 'Some states add a top-up: Uttar Pradesh and Delhi add up to 30,000 rupees, for a total of one lakh eight thousand rupees.',
          },
          { text: 'The subsidy needs Indian-made (DCR) panels.', say: 'The subsidy needs Indian-made, D C R, panels.' },
        ],
      },
      hi: {
        title: { text: '3 किलोवाट सिस्टम पर कितनी सब्सिडी मिलती है?' },
        lines: [
          {
            text: 'पीएम सूर्य घर में पहले 2 किलोवाट पर केंद्र की सब्सिडी ₹30,000 प्रति किलोवाट है।',
            say: 'पीएम सूर्य घर में पहले 2 किलोवाट पर केंद्र की सब्सिडी 30,000 रुपये प्रति किलोवाट है।',
          },
          { text: 'तीसरे किलोवाट पर ₹18,000 मिलते हैं।', say: 'तीसरे किलोवाट पर 18,000 रुपये मिलते हैं।' },
          {
            text: 'यानी 3 किलोवाट और उससे बड़े सिस्टम पर सब्सिडी अधिकतम ₹78,000 है।',
            say: 'यानी 3 किलोवाट और उससे बड़े सिस्टम पर सब्सिडी अधिकतम 78,000 रुपये है।',
          },
          {
            text: 'पूर्वोत्तर, जम्मू-कश्मीर, लद्दाख, हिमाचल, उत्तराखंड और द्वीपों जैसे विशेष श्रेणी के राज्यों में यह ₹85,800 तक है।',
            say: 'पूर्वोत्तर, जम्मू-कश्मीर, लद्दाख, हिमाचल, उत्तराखंड और द्वीपों जैसे विशेष श्रेणी के राज्यों में यह 85,800 रुपये तक है।',
          },
          {
            text: 'कुछ राज्य अपनी ओर से और देते हैं: उत्तर प्रदेश और दिल्ली ₹30,000 तक जोड़ते हैं, कुल ₹1,08,000।',
            say: 'कुछ राज्य अपनी ओर से और देते हैं: उत्तर प्रदेश और दिल्ली 30,000 रुपये तक जोड़ते हैं, कुल 1,08,000 रुपये।',
          },
          {
            text: 'सब्सिडी के लिए भारत में बने (DCR) पैनल ज़रूरी हैं।',
            say: 'सब्सिडी के लिए भारत में बने, डीसीआर, पैनल ज़रूरी हैं।',
          },
        ],
      },
      he: {
        title: { text: '3 kW system par kitni subsidy milti hai?', say: '3 किलोवाट सिस्टम पर कितनी सब्सिडी मिलती है?' },
        lines: [
          {
            text: 'PM Surya Ghar mein pehle 2 kW par central subsidy ₹30,000 per kW hai.',
            say: 'पीएम सूर्य घर में पहले 2 किलोवाट पर सेंट्रल सब्सिडी 30,000 रुपये पर किलोवाट है।',
          },
          { text: 'Teesre kW par ₹18,000 milte hain.', say: 'तीसरे किलोवाट पर 18,000 रुपये मिलते हैं।' },
          {
            text: 'Yaani 3 kW aur usse bade system par subsidy maximum ₹78,000 hai.',
            say: 'यानी 3 किलोवाट और उससे बड़े सिस्टम पर सब्सिडी मैक्सिमम 78,000 रुपये है।',
          },
          {
            text: 'North-East, J&K, Ladakh, Himachal, Uttarakhand aur islands jaise special category states mein yeh ₹85,800 tak hai.',
            say: 'नॉर्थ-ईस्ट, जम्मू-कश्मीर, लद्दाख, हिमाचल, उत्तराखंड और आइलैंड्स जैसे स्पेशल कैटेगरी स्टेट्स में यह 85,800 रुपये तक है।',
          },
          {
            text: 'Kuch states apna top-up dete hain: UP aur Delhi ₹30,000 tak jodte hain, total ₹1,08,000.',
            say: 'कुछ स्टेट्स अपना टॉप-अप देते हैं: यूपी और दिल्ली 30,000 रुपये तक जोड़ते हैं, टोटल 1,08,000 रुपये।',
          },
          {
            text: 'Subsidy ke liye Indian-made (DCR) panels zaroori hain.',
            say: 'सब्सिडी के लिए इंडियन-मेड, डीसीआर, पैनल्स ज़रूरी हैं।',
          },
        ],
      },
    },
  },
  {
    key: 'cost-3kw',
    topic: 'subsidy-and-money',
    category: 'System Cost',
    name: 'What does a 3 kW system cost?',
    translations: { hi: { name: '3 kW सिस्टम की लागत कितनी है?' }, he: { name: '3 kW system ki lagat kitni hai?' } },
    isTldr: false,
    sources: [38, 39, 40, 34, 1, 7, 9, 41, 8, 5],
    reels: {
      en: {
        title: { text: 'What does a 3 kW rooftop system cost?', say: 'What does a 3 kilowatt rooftop system cost?' },
        lines: [
          {
            text: 'Before subsidy, vendor pages quote about ₹1.65 lakh to ₹2.54 lakh for 3 kW.',
            say: 'Before subsidy, vendor pages quote about one lakh sixty-five thousand to two lakh fifty-four thousand rupees for 3 kilowatts.',
          },
          { text: 'A news report put it at about ₹1.5 lakh.', say: 'A news report put it at about one and a half lakh rupees.' },
          {
            text: 'The central subsidy, up to ₹78,000, reaches your bank account about 30 days after you submit your bank details.',
            say: 'The central subsidy, up to 78,000 rupees, reaches your bank account about 30 days after you submit your bank details.',
          },
          {
            text: 'Collateral-free loans are offered at the repo rate plus 0.5%.',
            say: 'Collateral-free loans are offered at the repo rate plus half a percent.',
          },
          { text: 'Vendors estimate a payback of 3 to 5 years.' },
          { text: 'Compare quotes and vendor ratings on the portal, and negotiate.' },
        ],
      },
      hi: {
        title: { text: '3 किलोवाट रूफ़टॉप सिस्टम की लागत कितनी है?' },
        lines: [
          {
            text: 'सब्सिडी से पहले, वेंडरों के पेज 3 किलोवाट के लिए लगभग ₹1.65 लाख से ₹2.54 लाख बताते हैं।',
            say: 'सब्सिडी से पहले, वेंडरों के पेज 3 किलोवाट के लिए लगभग एक लाख पैंसठ हज़ार से दो लाख चौवन हज़ार रुपये बताते हैं।',
          },
          { text: 'एक समाचार रिपोर्ट में यह लगभग ₹1.5 लाख बताया गया।', say: 'एक समाचार रिपोर्ट में यह लगभग डेढ़ लाख रुपये बताया गया।' },
          {
            text: 'केंद्र की सब्सिडी, ₹78,000 तक, बैंक विवरण जमा करने के लगभग 30 दिन में खाते में आती है।',
            say: 'केंद्र की सब्सिडी, 78,000 रुपये तक, बैंक विवरण जमा करने के लगभग 30 दिन में खाते में आती है।',
          },
          {
            text: 'बिना गारंटी (कोलैटरल) के लोन रेपो रेट से 0.5% ज़्यादा ब्याज पर मिलता है।',
            say: 'बिना गारंटी के लोन रेपो रेट से आधा प्रतिशत ज़्यादा ब्याज पर मिलता है।',
          },
          { text: 'वेंडरों का अनुमान है कि लागत 3 से 5 साल में वसूल हो जाती है।' },
          { text: 'पोर्टल पर कोटेशन और वेंडर रेटिंग की तुलना करें, और मोलभाव करें।' },
        ],
      },
      he: {
        title: { text: '3 kW rooftop system ki lagat kitni hai?', say: '3 किलोवाट रूफ़टॉप सिस्टम की लागत कितनी है?' },
        lines: [
          {
            text: 'Subsidy se pehle, vendor pages 3 kW ke liye lagbhag ₹1.65 lakh se ₹2.54 lakh batate hain.',
            say: 'सब्सिडी से पहले, वेंडर पेजेस 3 किलोवाट के लिए लगभग एक लाख पैंसठ हज़ार से दो लाख चौवन हज़ार रुपये बताते हैं।',
          },
          { text: 'Ek news report mein yeh lagbhag ₹1.5 lakh bataya gaya.', say: 'एक न्यूज़ रिपोर्ट में यह लगभग डेढ़ लाख रुपये बताया गया।' },
          {
            text: 'Central subsidy, ₹78,000 tak, bank details dene ke lagbhag 30 din mein account mein aati hai.',
            say: 'सेंट्रल सब्सिडी, 78,000 रुपये तक, बैंक डिटेल्स देने के लगभग 30 दिन में अकाउंट में आती है।',
          },
          {
            text: 'Bina collateral ke loan repo rate se 0.5% zyada byaaj par milta hai.',
            say: 'बिना कोलैटरल के लोन रेपो रेट से आधा परसेंट ज़्यादा ब्याज पर मिलता है।',
          },
          {
            text: 'Vendors ka anumaan hai ki lagat 3 se 5 saal mein vasool ho jaati hai.',
            say: 'वेंडर्स का अनुमान है कि लागत 3 से 5 साल में वसूल हो जाती है।',
          },
          {
            text: 'Portal par quotes aur vendor ratings compare karein, aur mol-bhaav karein.',
            say: 'पोर्टल पर कोट्स और वेंडर रेटिंग्स कंपेयर करें, और मोलभाव करें।',
          },
        ],
      },
    },
  },
];
