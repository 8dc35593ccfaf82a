import type { OptionDef } from './types';

/**
 * Theme "Getting connected". Facts from docs/facts/solar-india.md
 * (sections "Buying Solar", "Electric Connection", "Things to know",
 * "System Size"); `sources` are its source numbers. The unverified income
 * cap and tenants' NOC are left out on purpose.
 */
export const GETTING_CONNECTED: OptionDef[] = [
  {
    key: 'how-to-apply',
    topic: 'getting-connected',
    category: 'Buying Solar',
    name: 'How do I apply for PM Surya Ghar?',
    translations: { hi: { name: 'पीएम सूर्य घर के लिए आवेदन कैसे करें?' }, he: { name: 'PM Surya Ghar ke liye apply kaise karein?' } },
    isTldr: true,
    sources: [2, 7],
    reels: {
      en: {
        title: { text: 'How do I apply for PM Surya Ghar?', say: 'How do I apply for P M Surya Ghar?' },
        lines: [
          {
            text: 'You need to be an Indian citizen with your own house, a suitable roof, a valid electricity connection, and no other solar subsidy.',
          },
          {
            text: 'Register on pmsuryaghar.gov.in with your state, DISCOM, consumer number and mobile, then log in and apply.',
            say: 'Register on P M Surya Ghar dot gov dot in with your state, discom, consumer number and mobile, then log in and apply.',
          },
          {
            text: 'Once the DISCOM approves feasibility, a DISCOM-registered vendor installs the system.',
            say: 'Once the discom approves feasibility, a discom-registered vendor installs the system.',
          },
          {
            text: 'The DISCOM then installs the net meter, inspects, and issues the commissioning certificate.',
            say: 'The discom then installs the net meter, inspects, and issues the commissioning certificate.',
          },
          { text: 'Finally, submit your bank details and a cancelled cheque: the subsidy reaches your account in about 30 days.' },
        ],
      },
      hi: {
        title: { text: 'पीएम सूर्य घर के लिए आवेदन कैसे करें?' },
        lines: [
          { text: 'आपको भारत का नागरिक होना चाहिए, अपना घर और सही छत हो, वैध बिजली कनेक्शन हो, और कोई दूसरी सोलर सब्सिडी न ली हो।' },
          {
            text: 'pmsuryaghar.gov.in पर अपना राज्य, डिस्कॉम, कंज़्यूमर नंबर और मोबाइल देकर रजिस्टर करें, फिर लॉग इन करके आवेदन करें।',
            say: 'पीएम सूर्य घर डॉट जीओवी डॉट इन पर अपना राज्य, डिस्कॉम, कंज़्यूमर नंबर और मोबाइल देकर रजिस्टर करें, फिर लॉग इन करके आवेदन करें।',
          },
          { text: 'डिस्कॉम की फ़िज़िबिलिटी मंज़ूरी के बाद, डिस्कॉम में रजिस्टर्ड वेंडर सिस्टम लगाता है।' },
          { text: 'फिर डिस्कॉम नेट मीटर लगाता है, जाँच करता है, और कमीशनिंग सर्टिफ़िकेट जारी करता है।' },
          { text: 'आख़िर में बैंक विवरण और कैंसल चेक जमा करें: सब्सिडी लगभग 30 दिन में खाते में आ जाती है।' },
        ],
      },
      he: {
        title: { text: 'PM Surya Ghar ke liye apply kaise karein?', say: 'पीएम सूर्य घर के लिए अप्लाई कैसे करें?' },
        lines: [
          {
            text: 'Aapko Indian citizen hona chahiye, apna ghar aur sahi chhat ho, valid bijli connection ho, aur koi doosri solar subsidy na li ho.',
            say: 'आपको इंडियन सिटिज़न होना चाहिए, अपना घर और सही छत हो, वैलिड बिजली कनेक्शन हो, और कोई दूसरी सोलर सब्सिडी न ली हो।',
          },
          {
            text: 'pmsuryaghar.gov.in par apna state, DISCOM, consumer number aur mobile dekar register karein, phir login karke apply karein.',
            say: 'पीएम सूर्य घर डॉट जीओवी डॉट इन पर अपना स्टेट, डिस्कॉम, कंज़्यूमर नंबर और मोबाइल देकर रजिस्टर करें, फिर लॉगिन करके अप्लाई करें।',
          },
          {
            text: 'DISCOM ki feasibility approval ke baad, DISCOM-registered vendor system lagata hai.',
            say: 'डिस्कॉम की फ़िज़िबिलिटी अप्रूवल के बाद, डिस्कॉम-रजिस्टर्ड वेंडर सिस्टम लगाता है।',
          },
          {
            text: 'Phir DISCOM net meter lagata hai, inspection karta hai, aur commissioning certificate deta hai.',
            say: 'फिर डिस्कॉम नेट मीटर लगाता है, इंस्पेक्शन करता है, और कमीशनिंग सर्टिफ़िकेट देता है।',
          },
          {
            text: 'Aakhir mein bank details aur cancelled cheque submit karein: subsidy lagbhag 30 din mein account mein aa jaati hai.',
            say: 'आख़िर में बैंक डिटेल्स और कैंसल्ड चेक सबमिट करें: सब्सिडी लगभग 30 दिन में अकाउंट में आ जाती है।',
          },
        ],
      },
    },
  },
  {
    key: 'discom-approval',
    topic: 'getting-connected',
    category: 'Electric Connection',
    name: 'Do I need a feasibility study or a higher load?',
    translations: { hi: { name: 'क्या फ़िज़िबिलिटी स्टडी या ज़्यादा लोड चाहिए?' }, he: { name: 'Kya feasibility study ya zyada load chahiye?' } },
    isTldr: false,
    sources: [12, 13, 14],
    reels: {
      en: {
        title: { text: 'Do I need a feasibility study or a higher sanctioned load?' },
        lines: [
          {
            text: 'Any consumer with a valid DISCOM consumer account number can apply.',
            say: 'Any consumer with a valid discom consumer account number can apply.',
          },
          {
            text: 'Since July 2024, systems up to 10 kW are accepted without a technical feasibility study.',
            say: 'Since July 2024, systems up to 10 kilowatts are accepted without a technical feasibility study.',
          },
          { text: 'If needed, the DISCOM must raise your sanctioned load.', say: 'If needed, the discom must raise your sanctioned load.' },
          {
            text: "DISCOM fees can be paid at commissioning, and must be listed on the DISCOM's website.",
            say: "Discom fees can be paid at commissioning, and must be listed on the discom's website.",
          },
          { text: "Net metering details are set by each state's regulator." },
        ],
      },
      hi: {
        title: { text: 'क्या फ़िज़िबिलिटी स्टडी या ज़्यादा स्वीकृत लोड चाहिए?' },
        lines: [
          { text: 'जिसके पास वैध डिस्कॉम कंज़्यूमर अकाउंट नंबर है, वह आवेदन कर सकता है।' },
          { text: 'जुलाई 2024 से, 10 किलोवाट तक के सिस्टम बिना तकनीकी फ़िज़िबिलिटी स्टडी के स्वीकार होते हैं।' },
          { text: 'ज़रूरत हो तो डिस्कॉम को आपका स्वीकृत लोड बढ़ाना होगा।' },
          { text: 'डिस्कॉम की फ़ीस कमीशनिंग के समय दी जा सकती है, और यह डिस्कॉम की वेबसाइट पर लिखी होनी चाहिए।' },
          { text: 'नेट मीटरिंग का ब्योरा हर राज्य का नियामक तय करता है।' },
        ],
      },
      he: {
        title: { text: 'Kya feasibility study ya zyada sanctioned load chahiye?', say: 'क्या फ़िज़िबिलिटी स्टडी या ज़्यादा सैंक्शन्ड लोड चाहिए?' },
        lines: [
          {
            text: 'Jiske paas valid DISCOM consumer account number hai, woh apply kar sakta hai.',
            say: 'जिसके पास वैलिड डिस्कॉम कंज़्यूमर अकाउंट नंबर है, वो अप्लाई कर सकता है।',
          },
          {
            text: 'July 2024 se, 10 kW tak ke system bina technical feasibility study ke accept hote hain.',
            say: 'जुलाई 2024 से, 10 किलोवाट तक के सिस्टम बिना टेक्निकल फ़िज़िबिलिटी स्टडी के एक्सेप्ट होते हैं।',
          },
          { text: 'Zaroorat ho to DISCOM ko aapka sanctioned load badhana hoga.', say: 'ज़रूरत हो तो डिस्कॉम को आपका सैंक्शन्ड लोड बढ़ाना होगा।' },
          {
            text: 'DISCOM ki fees commissioning ke time di ja sakti hai, aur yeh DISCOM ki website par likhi honi chahiye.',
            say: 'डिस्कॉम की फ़ीस कमीशनिंग के टाइम दी जा सकती है, और यह डिस्कॉम की वेबसाइट पर लिखी होनी चाहिए।',
          },
          { text: 'Net metering ki details har state ka regulator tay karta hai.', say: 'नेट मीटरिंग की डिटेल्स हर स्टेट का रेगुलेटर तय करता है।' },
        ],
      },
    },
  },
  {
    key: 'net-vs-gross',
    topic: 'getting-connected',
    category: 'Things to know',
    name: 'Net metering or gross metering?',
    translations: { hi: { name: 'नेट मीटरिंग या ग्रॉस मीटरिंग?' }, he: { name: 'Net metering ya gross metering?' } },
    isTldr: false,
    sources: [45, 44],
    reels: {
      en: {
        title: { text: 'What is the difference between net metering and gross metering?' },
        lines: [
          { text: 'With net metering, the units you export are subtracted from the units you import.' },
          { text: 'With gross metering, all the units your panels make are sold at a fixed feed-in tariff.' },
          { text: 'And your home buys its electricity at the normal rate.' },
          { text: 'Under net metering, surplus units carry forward.' },
          {
            text: "At year end they are paid at a low rate, the DISCOM's average power-purchase cost, or they lapse, depending on your state.",
            say: "At year end they are paid at a low rate, the discom's average power-purchase cost, or they lapse, depending on your state.",
          },
        ],
      },
      hi: {
        title: { text: 'नेट मीटरिंग और ग्रॉस मीटरिंग में क्या फ़र्क़ है?' },
        lines: [
          { text: 'नेट मीटरिंग में, आपकी भेजी गई यूनिट, ग्रिड से ली गई यूनिट में से घटा दी जाती हैं।' },
          { text: 'ग्रॉस मीटरिंग में, पैनल की बनाई सारी यूनिट एक तय फ़ीड-इन टैरिफ़ पर बिकती हैं।' },
          { text: 'और घर सामान्य दर पर बिजली ख़रीदता है।' },
          { text: 'नेट मीटरिंग में बची यूनिट आगे जुड़ती रहती हैं।' },
          { text: 'साल के अंत में उनका भुगतान कम दर पर होता है, यानी डिस्कॉम की औसत बिजली-ख़रीद लागत पर, या वे ख़त्म हो जाती हैं, राज्य के हिसाब से।' },
        ],
      },
      he: {
        title: { text: 'Net metering aur gross metering mein kya farak hai?', say: 'नेट मीटरिंग और ग्रॉस मीटरिंग में क्या फ़र्क़ है?' },
        lines: [
          {
            text: 'Net metering mein, aapki bheji gayi units, grid se li gayi units mein se ghata di jaati hain.',
            say: 'नेट मीटरिंग में, आपकी भेजी गई यूनिट्स, ग्रिड से ली गई यूनिट्स में से घटा दी जाती हैं।',
          },
          {
            text: 'Gross metering mein, panels ki banayi saari units ek fixed feed-in tariff par bikti hain.',
            say: 'ग्रॉस मीटरिंग में, पैनल्स की बनाई सारी यूनिट्स एक फ़िक्स्ड फ़ीड-इन टैरिफ़ पर बिकती हैं।',
          },
          { text: 'Aur ghar normal rate par bijli khareedta hai.', say: 'और घर नॉर्मल रेट पर बिजली ख़रीदता है।' },
          { text: 'Net metering mein bachi units aage judti rehti hain.', say: 'नेट मीटरिंग में बची यूनिट्स आगे जुड़ती रहती हैं।' },
          {
            text: 'Saal ke end mein unka payment kam rate par hota hai, yaani DISCOM ki average power-purchase cost par, ya woh lapse ho jaati hain, state ke hisaab se.',
            say: 'साल के एंड में उनका पेमेंट कम रेट पर होता है, यानी डिस्कॉम की एवरेज पावर-परचेज़ कॉस्ट पर, या वो लैप्स हो जाती हैं, स्टेट के हिसाब से।',
          },
        ],
      },
    },
  },
];
