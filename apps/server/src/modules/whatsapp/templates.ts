import type { Locale } from '@nirmaan/shared/i18n';

/**
 * The message templates (issue 36, decision record 038): UTILITY templates, one per event and language, each body
 * with its numbered variables, as they are submitted to WhatsApp Manager under the name `nirmaan_<event>`. GST, UPI
 * and OTP stay as they are in every language, as do the brand and the buttons' payloads. Within the 24-hour window
 * the same words go as an interactive message whose reply buttons carry the same payloads.
 */

export type Party = 'customer' | 'vendor';

export interface Template {
  /** Who receives it. */
  party: Party;
  /** What each variable {{1}}, {{2}}… holds, in order. */
  variables: readonly string[];
  body: Record<Locale, string>;
  /**
   * For an event that has no mail of its own: the mail that goes instead when WhatsApp cannot carry it (no consent,
   * refused for good, a failed status), with the same variables; without `body`, the template's own words.
   */
  mail?: { subject: Record<Locale, string>; body?: Record<Locale, string> };
  /** Quick-reply buttons: the payload a tap sends back, and the title in each language (at most 20 characters). */
  buttons?: readonly { payload: ReplyAction; title: Record<Locale, string> }[];
}

/** What a reply button does (flows/whatsapp-replies.ts). */
export type ReplyAction = 'booking.confirm' | 'booking.reschedule' | 'booking.cancel' | 'vendor.booking.accept' | 'vendor.booking.decline';

const BOOKING_BUTTONS = [
  { payload: 'booking.confirm', title: { en: 'Confirm', hi: 'पक्का करें', te: 'నిర్ధారించు', mr: 'निश्चित करा' } },
  { payload: 'booking.reschedule', title: { en: 'Reschedule', hi: 'समय बदलें', te: 'సమయం మార్చు', mr: 'वेळ बदला' } },
  { payload: 'booking.cancel', title: { en: 'Cancel', hi: 'रद्द करें', te: 'రద్దు చేయి', mr: 'रद्द करा' } },
] as const;

const VENDOR_BOOKING_BUTTONS = [
  { payload: 'vendor.booking.accept', title: { en: 'Accept', hi: 'स्वीकार करें', te: 'అంగీకరించు', mr: 'स्वीकारा' } },
  { payload: 'vendor.booking.decline', title: { en: 'Decline', hi: 'मना करें', te: 'తిరస్కరించు', mr: 'नाकारा' } },
] as const;

export const TEMPLATES = {
  order_placed: {
    party: 'customer', variables: ['name', 'order number', 'total'],
    body: {
      en: 'Namaste {{1}}, your Nirmaan order {{2}} is placed. Total: {{3}}. We will tell you here when it ships.',
      hi: 'नमस्ते {{1}}, आपका Nirmaan ऑर्डर {{2}} दर्ज हो गया है। कुल राशि: {{3}}। ऑर्डर भेजे जाने पर हम आपको यहीं बताएँगे।',
      te: 'నమస్తే {{1}}, మీ Nirmaan ఆర్డర్ {{2}} నమోదైంది. మొత్తం: {{3}}. ఆర్డర్ బయలుదేరినప్పుడు ఇక్కడే తెలియజేస్తాం.',
      mr: 'नमस्कार {{1}}, तुमची Nirmaan ऑर्डर {{2}} नोंदवली गेली आहे. एकूण रक्कम: {{3}}. ऑर्डर पाठवल्यावर आम्ही तुम्हाला इथेच कळवू.',
    },
  },
  order_pay_link: {
    party: 'customer', variables: ['name', 'total', 'pay link', 'minutes'],
    body: {
      en: 'Namaste {{1}}, to complete your Nirmaan order of {{2}}, pay by UPI or card here: {{3}}. The link is valid for {{4}} minutes.',
      hi: 'नमस्ते {{1}}, अपना {{2}} का Nirmaan ऑर्डर पूरा करने के लिए यहाँ UPI या कार्ड से भुगतान करें: {{3}}। यह लिंक {{4}} मिनट तक मान्य है।',
      te: 'నమస్తే {{1}}, మీ {{2}} Nirmaan ఆర్డర్‌ను పూర్తి చేయడానికి ఇక్కడ UPI లేదా కార్డుతో చెల్లించండి: {{3}}. ఈ లింక్ {{4}} నిమిషాల వరకు పనిచేస్తుంది.',
      mr: 'नमस्कार {{1}}, तुमची {{2}} ची Nirmaan ऑर्डर पूर्ण करण्यासाठी इथे UPI किंवा कार्डने पैसे भरा: {{3}}. ही लिंक {{4}} मिनिटे वैध आहे.',
    },
  },
  order_shipped: {
    party: 'customer', variables: ['name', 'item', 'delivery code'],
    body: {
      en: 'Namaste {{1}}, {{2}} is on its way. Your delivery code is {{3}}: tell it to the delivery person only once you have the goods.',
      hi: 'नमस्ते {{1}}, {{2}} आपके पास भेज दिया गया है। आपका डिलीवरी कोड {{3}} है: सामान मिलने के बाद ही इसे डिलीवरी करने वाले को बताएँ।',
      te: 'నమస్తే {{1}}, {{2}} మీ వద్దకు బయలుదేరింది. మీ డెలివరీ కోడ్ {{3}}: సరుకు అందిన తర్వాతే దీన్ని డెలివరీ చేసే వ్యక్తికి చెప్పండి.',
      mr: 'नमस्कार {{1}}, {{2}} तुमच्याकडे पाठवले आहे. तुमचा डिलिव्हरी कोड {{3}} आहे: माल मिळाल्यानंतरच तो डिलिव्हरी करणाऱ्याला सांगा.',
    },
  },
  order_delivered: {
    party: 'customer', variables: ['name', 'item'],
    body: {
      en: 'Namaste {{1}}, {{2}} has been delivered. Thank you for buying on Nirmaan.',
      hi: 'नमस्ते {{1}}, {{2}} की डिलीवरी हो गई है। Nirmaan से खरीदारी के लिए धन्यवाद।',
      te: 'నమస్తే {{1}}, {{2}} డెలివరీ అయింది. Nirmaan లో కొన్నందుకు ధన్యవాదాలు.',
      mr: 'नमस्कार {{1}}, {{2}} ची डिलिव्हरी झाली आहे. Nirmaan वरून खरेदी केल्याबद्दल धन्यवाद.',
    },
  },
  order_cancelled: {
    party: 'customer', variables: ['name', 'item'],
    body: {
      en: 'Namaste {{1}}, {{2}} has been cancelled. If you paid online, the money goes back the way you paid.',
      hi: 'नमस्ते {{1}}, {{2}} रद्द कर दिया गया है। अगर आपने ऑनलाइन भुगतान किया था, तो पैसा उसी तरीके से वापस आएगा।',
      te: 'నమస్తే {{1}}, {{2}} రద్దు అయింది. మీరు ఆన్‌లైన్‌లో చెల్లించి ఉంటే, డబ్బు అదే పద్ధతిలో తిరిగి వస్తుంది.',
      mr: 'नमस्कार {{1}}, {{2}} रद्द झाले आहे. तुम्ही ऑनलाइन पैसे भरले असतील, तर ते त्याच मार्गाने परत येतील.',
    },
  },
  order_refunded: {
    party: 'customer', variables: ['name', 'amount'],
    body: {
      en: 'Namaste {{1}}, a refund of {{2}} is on its way back the way you paid. Banks take 5–7 working days.',
      hi: 'नमस्ते {{1}}, {{2}} का रिफंड आपके भुगतान के तरीके से वापस भेजा जा रहा है। बैंक 5–7 कार्य दिवस लेते हैं।',
      te: 'నమస్తే {{1}}, {{2}} రీఫండ్ మీరు చెల్లించిన పద్ధతిలోనే తిరిగి వస్తోంది. బ్యాంకులకు 5–7 పని దినాలు పడుతుంది.',
      mr: 'नमस्कार {{1}}, {{2}} चा परतावा तुम्ही पैसे भरलेल्या मार्गाने परत पाठवला जात आहे. बँकांना 5–7 कामकाजाचे दिवस लागतात.',
    },
  },
  booking_confirmed: {
    party: 'customer', variables: ['name', 'professional', 'date', 'time'],
    body: {
      en: 'Namaste {{1}}, your booking with {{2}} on {{3}} at {{4}} is confirmed.',
      hi: 'नमस्ते {{1}}, {{3}}, {{4}} के लिए {{2}} के साथ आपकी बुकिंग पक्की हो गई है।',
      te: 'నమస్తే {{1}}, {{3}}, {{4}} కి {{2}} తో మీ బుకింగ్ ఖరారైంది.',
      mr: 'नमस्कार {{1}}, {{3}}, {{4}} साठी {{2}} यांच्यासोबत तुमचे बुकिंग निश्चित झाले आहे.',
    },
  },
  booking_reminder: {
    party: 'customer', variables: ['name', 'professional', 'date', 'time'], buttons: BOOKING_BUTTONS,
    body: {
      en: 'Namaste {{1}}, a reminder: {{2}} comes tomorrow, {{3}}, at {{4}}. Tap Confirm if the time suits you, Reschedule to choose another, or Cancel.',
      hi: 'नमस्ते {{1}}, याद दिला दें: {{2}} कल, {{3}} को {{4}} पर आएँगे। समय ठीक है तो "पक्का करें" दबाएँ, दूसरा समय चुनने के लिए "समय बदलें", या "रद्द करें"।',
      te: 'నమస్తే {{1}}, గుర్తు చేస్తున్నాం: {{2}} రేపు, {{3}} న {{4}} కి వస్తారు. సమయం సరిపోతే "నిర్ధారించు" నొక్కండి, వేరే సమయం కోసం "సమయం మార్చు", లేదా "రద్దు చేయి".',
      mr: 'नमस्कार {{1}}, आठवण: {{2}} उद्या, {{3}} रोजी {{4}} वाजता येतील. वेळ सोयीची असल्यास "निश्चित करा" दाबा, दुसरी वेळ निवडण्यासाठी "वेळ बदला", किंवा "रद्द करा".',
    },
    mail: {
      subject: {
        en: 'Reminder: {{2}} comes tomorrow at {{4}}',
        hi: 'याद दिला दें: {{2}} कल {{4}} पर आएँगे',
        te: 'గుర్తు: {{2}} రేపు {{4}} కి వస్తారు',
        mr: 'आठवण: {{2}} उद्या {{4}} वाजता येतील',
      },
      body: {
        en: 'Namaste {{1}}, a reminder: {{2}} comes tomorrow, {{3}}, at {{4}}. To reschedule or cancel, open My orders → Service Orders on Nirmaan.',
        hi: 'नमस्ते {{1}}, याद दिला दें: {{2}} कल, {{3}} को {{4}} पर आएँगे। समय बदलने या रद्द करने के लिए Nirmaan पर "मेरे ऑर्डर" → "सर्विस ऑर्डर" खोलें।',
        te: 'నమస్తే {{1}}, గుర్తు చేస్తున్నాం: {{2}} రేపు, {{3}} న {{4}} కి వస్తారు. సమయం మార్చడానికి లేదా రద్దు చేయడానికి Nirmaan లో "నా ఆర్డర్లు" → "సర్వీస్ ఆర్డర్లు" తెరవండి.',
        mr: 'नमस्कार {{1}}, आठवण: {{2}} उद्या, {{3}} रोजी {{4}} वाजता येतील. वेळ बदलण्यासाठी किंवा रद्द करण्यासाठी Nirmaan वर "माझ्या ऑर्डर" → "सर्विस ऑर्डर" उघडा.',
      },
    },
  },
  booking_completed: {
    party: 'customer', variables: ['name', 'professional'],
    body: {
      en: 'Namaste {{1}}, your booking with {{2}} is completed. Thank you for using Nirmaan; you can review the work on the site.',
      hi: 'नमस्ते {{1}}, {{2}} के साथ आपकी बुकिंग पूरी हो गई है। Nirmaan इस्तेमाल करने के लिए धन्यवाद; आप साइट पर काम की समीक्षा लिख सकते हैं।',
      te: 'నమస్తే {{1}}, {{2}} తో మీ బుకింగ్ పూర్తయింది. Nirmaan ఉపయోగించినందుకు ధన్యవాదాలు; సైట్‌లో పనిపై మీ సమీక్ష రాయవచ్చు.',
      mr: 'नमस्कार {{1}}, {{2}} यांच्यासोबतचे तुमचे बुकिंग पूर्ण झाले आहे. Nirmaan वापरल्याबद्दल धन्यवाद; तुम्ही साइटवर कामाचा अभिप्राय लिहू शकता.',
    },
  },
  professional_on_the_way: {
    party: 'customer', variables: ['name', 'professional', 'time', 'start code'],
    body: {
      en: 'Namaste {{1}}, {{2}} is on the way for your booking at {{3}}. When they arrive, give them your start code {{4}}.',
      hi: 'नमस्ते {{1}}, {{2}} आपकी {{3}} की बुकिंग के लिए रास्ते में हैं। उनके पहुँचने पर उन्हें अपना स्टार्ट कोड {{4}} बताएँ।',
      te: 'నమస్తే {{1}}, {{3}} కి మీ బుకింగ్ కోసం {{2}} దారిలో ఉన్నారు. వారు వచ్చాక మీ స్టార్ట్ కోడ్ {{4}} వారికి చెప్పండి.',
      mr: 'नमस्कार {{1}}, तुमच्या {{3}} च्या बुकिंगसाठी {{2}} येत आहेत. ते पोहोचल्यावर त्यांना तुमचा स्टार्ट कोड {{4}} सांगा.',
    },
  },
  dispute_update: {
    party: 'customer', variables: ['name', 'what it is about', 'what happened'],
    body: {
      en: 'Namaste {{1}}, there is news on your dispute about {{2}}: {{3}}. See the details on Nirmaan.',
      hi: 'नमस्ते {{1}}, {{2}} के बारे में आपकी शिकायत पर नया अपडेट: {{3}}। पूरी जानकारी Nirmaan पर देखें।',
      te: 'నమస్తే {{1}}, {{2}} గురించి మీ ఫిర్యాదుపై కొత్త సమాచారం: {{3}}. పూర్తి వివరాలు Nirmaan లో చూడండి.',
      mr: 'नमस्कार {{1}}, {{2}} बद्दलच्या तुमच्या तक्रारीवर नवीन अपडेट: {{3}}. संपूर्ण माहिती Nirmaan वर पहा.',
    },
  },
  vendor_new_order: {
    party: 'vendor', variables: ['owner', 'order number', 'items'],
    body: {
      en: 'Namaste {{1}}, a new order {{2}} on Nirmaan: {{3}}. Open your dashboard to accept and ship it.',
      hi: 'नमस्ते {{1}}, Nirmaan पर नया ऑर्डर {{2}}: {{3}}। इसे स्वीकार करने और भेजने के लिए अपना डैशबोर्ड खोलें।',
      te: 'నమస్తే {{1}}, Nirmaan లో కొత్త ఆర్డర్ {{2}}: {{3}}. దాన్ని అంగీకరించి పంపడానికి మీ డ్యాష్‌బోర్డ్ తెరవండి.',
      mr: 'नमस्कार {{1}}, Nirmaan वर नवीन ऑर्डर {{2}}: {{3}}. ती स्वीकारून पाठवण्यासाठी तुमचा डॅशबोर्ड उघडा.',
    },
  },
  vendor_new_booking: {
    party: 'vendor', variables: ['owner', 'customer', 'date', 'time'], buttons: VENDOR_BOOKING_BUTTONS,
    body: {
      en: 'Namaste {{1}}, {{2}} booked you for {{3}} at {{4}}. Tap Accept to confirm, or Decline.',
      hi: 'नमस्ते {{1}}, {{2}} ने आपको {{3}}, {{4}} के लिए बुक किया है। पक्का करने के लिए "स्वीकार करें" दबाएँ, या "मना करें"।',
      te: 'నమస్తే {{1}}, {{2}} మిమ్మల్ని {{3}}, {{4}} కి బుక్ చేశారు. ఖరారు చేయడానికి "అంగీకరించు" నొక్కండి, లేదా "తిరస్కరించు".',
      mr: 'नमस्कार {{1}}, {{2}} यांनी तुम्हाला {{3}}, {{4}} साठी बुक केले आहे. निश्चित करण्यासाठी "स्वीकारा" दाबा, किंवा "नाकारा".',
    },
  },
  rfq_quote_received: {
    party: 'customer', variables: ['name', 'seller', 'request number', 'landed total'],
    body: {
      en: 'Namaste {{1}}, {{2}} has sent a quote on your request {{3}}: {{4}}, delivered, GST included. Compare the quotes under My requests on Nirmaan.',
      hi: 'नमस्ते {{1}}, {{2}} ने आपके अनुरोध {{3}} पर कोटेशन भेजा है: {{4}}, डिलीवरी और GST सहित। Nirmaan पर "मेरे कोटेशन अनुरोध" में सभी कोटेशन की तुलना करें।',
      te: 'నమస్తే {{1}}, మీ అభ్యర్థన {{3}} పై {{2}} కొటేషన్ పంపారు: {{4}}, డెలివరీ, GST కలిపి. Nirmaan లో "నా కొటేషన్ అభ్యర్థనలు" లో కొటేషన్లను పోల్చి చూడండి.',
      mr: 'नमस्कार {{1}}, {{2}} यांनी तुमच्या विनंती {{3}} वर कोटेशन पाठवले आहे: {{4}}, डिलिव्हरी आणि GST सह. Nirmaan वर "माझ्या कोटेशन विनंत्या" मध्ये कोटेशनची तुलना करा.',
    },
  },
  vendor_new_rfq: {
    party: 'vendor', variables: ['owner', 'items', 'PIN code', 'quotes close (India time)'],
    body: {
      en: 'Namaste {{1}}, a buyer at PIN code {{3}} asks for a quote: {{2}}. Quotes close on {{4}}. Quote or decline under Requests in your Nirmaan portal.',
      hi: 'नमस्ते {{1}}, पिन कोड {{3}} के एक ख़रीदार ने कोटेशन माँगा है: {{2}}। कोटेशन {{4}} तक लिए जाएँगे। अपने Nirmaan पोर्टल में "कोटेशन अनुरोध" में कोटेशन दें या मना करें।',
      te: 'నమస్తే {{1}}, పిన్ కోడ్ {{3}} లోని ఒక కొనుగోలుదారు కొటేషన్ అడిగారు: {{2}}. కొటేషన్లు {{4}} వరకు తీసుకుంటాం. మీ Nirmaan పోర్టల్‌లో "కొటేషన్ అభ్యర్థనలు" లో కొటేషన్ ఇవ్వండి లేదా తిరస్కరించండి.',
      mr: 'नमस्कार {{1}}, पिन कोड {{3}} मधील एका खरेदीदाराने कोटेशन मागितले आहे: {{2}}. कोटेशन {{4}} पर्यंत घेतली जातील. तुमच्या Nirmaan पोर्टलमधील "कोटेशन विनंत्या" मध्ये कोटेशन द्या किंवा नकार द्या.',
    },
  },
  vendor_transfer_released: {
    party: 'vendor', variables: ['owner', 'amount'],
    body: {
      en: 'Namaste {{1}}, {{2}} has been released to your bank account. Banks usually credit it within a working day.',
      hi: 'नमस्ते {{1}}, {{2}} आपके बैंक खाते में भेज दिए गए हैं। बैंक आमतौर पर एक कार्य दिवस में जमा कर देते हैं।',
      te: 'నమస్తే {{1}}, {{2}} మీ బ్యాంక్ ఖాతాకు విడుదల చేశాం. బ్యాంకులు సాధారణంగా ఒక పని దినంలో జమ చేస్తాయి.',
      mr: 'नमस्कार {{1}}, {{2}} तुमच्या बँक खात्यात पाठवले आहेत. बँका साधारणपणे एका कामकाजाच्या दिवसात जमा करतात.',
    },
    mail: { subject: { en: 'Payment released: {{2}}', hi: 'भुगतान भेजा गया: {{2}}', te: 'చెల్లింపు విడుదలైంది: {{2}}', mr: 'पेमेंट पाठवले: {{2}}' } },
  },
  vendor_approval: {
    party: 'vendor', variables: ['owner', 'decision'],
    body: {
      en: 'Namaste {{1}}, your Nirmaan seller account {{2}}. The details are in your email and on your dashboard.',
      hi: 'नमस्ते {{1}}, आपका Nirmaan विक्रेता खाता {{2}}। पूरी जानकारी आपके ईमेल और डैशबोर्ड में है।',
      te: 'నమస్తే {{1}}, మీ Nirmaan విక్రేత ఖాతా {{2}}. పూర్తి వివరాలు మీ ఈమెయిల్‌లో, డ్యాష్‌బోర్డ్‌లో ఉన్నాయి.',
      mr: 'नमस्कार {{1}}, तुमचे Nirmaan विक्रेता खाते {{2}}. संपूर्ण माहिती तुमच्या ईमेल आणि डॅशबोर्डमध्ये आहे.',
    },
  },
} as const satisfies Record<string, Template>;

export type WhatsAppEvent = keyof typeof TEMPLATES;
export const templateOf = (event: WhatsAppEvent): Template => TEMPLATES[event];
export const templateName = (event: WhatsAppEvent) => `nirmaan_${event}`;

/** Words put into a variable, in the recipient's language. */
export const WORDS = {
  dispute: {
    opened: { en: 'it is opened and support will look into it', hi: 'शिकायत दर्ज हो गई है और सहायता टीम इसे देखेगी', te: 'ఫిర్యాదు నమోదైంది, సహాయ బృందం పరిశీలిస్తుంది', mr: 'तक्रार नोंदवली गेली आहे आणि सहाय्य टीम ती पाहील' },
    answered: { en: 'there is a new answer', hi: 'एक नया जवाब आया है', te: 'కొత్త జవాబు వచ్చింది', mr: 'नवीन उत्तर आले आहे' },
    resolved: { en: 'it is resolved', hi: 'शिकायत सुलझ गई है', te: 'ఫిర్యాదు పరిష్కారమైంది', mr: 'तक्रार सोडवली गेली आहे' },
  },
  approval: {
    approved: { en: 'is approved: you can sell now', hi: 'स्वीकृत हो गया है: अब आप बेच सकते हैं', te: 'ఆమోదించబడింది: ఇప్పుడు మీరు అమ్మవచ్చు', mr: 'मंजूर झाले आहे: आता तुम्ही विक्री करू शकता' },
    rejected: { en: 'was not approved', hi: 'स्वीकृत नहीं हुआ', te: 'ఆమోదించబడలేదు', mr: 'मंजूर झाले नाही' },
    suspended: { en: 'is suspended', hi: 'निलंबित कर दिया गया है', te: 'నిలిపివేయబడింది', mr: 'निलंबित केले आहे' },
  },
} as const satisfies Record<string, Record<string, Record<Locale, string>>>;

/** The free-form answers to a reply, sent within the 24-hour window the reply opened. */
export const REPLIES = {
  bookingConfirmed: { en: 'Thank you, your booking stands. See you tomorrow.', hi: 'धन्यवाद, आपकी बुकिंग पक्की है। कल मिलते हैं।', te: 'ధన్యవాదాలు, మీ బుకింగ్ ఖరారుగా ఉంది. రేపు కలుద్దాం.', mr: 'धन्यवाद, तुमचे बुकिंग कायम आहे. उद्या भेटू.' },
  bookingCancelled: { en: 'Your booking is cancelled. If you paid online, the money goes back the way you paid.', hi: 'आपकी बुकिंग रद्द हो गई है। अगर आपने ऑनलाइन भुगतान किया था, तो पैसा उसी तरीके से वापस आएगा।', te: 'మీ బుకింగ్ రద్దయింది. మీరు ఆన్‌లైన్‌లో చెల్లించి ఉంటే, డబ్బు అదే పద్ధతిలో తిరిగి వస్తుంది.', mr: 'तुमचे बुकिंग रद्द झाले आहे. तुम्ही ऑनलाइन पैसे भरले असतील, तर ते त्याच मार्गाने परत येतील.' },
  reschedule: { en: 'Choose a new time here: {{1}}', hi: 'नया समय यहाँ चुनें: {{1}}', te: 'కొత్త సమయాన్ని ఇక్కడ ఎంచుకోండి: {{1}}', mr: 'नवीन वेळ इथे निवडा: {{1}}' },
  refused: { en: 'That could not be done: {{1}}', hi: 'यह नहीं हो सका: {{1}}', te: 'అది చేయలేకపోయాం: {{1}}', mr: 'हे करता आले नाही: {{1}}' },
  vendorAccepted: { en: 'The booking is confirmed; the customer is told.', hi: 'बुकिंग पक्की हो गई है; ग्राहक को बता दिया गया है।', te: 'బుకింగ్ ఖరారైంది; కస్టమర్‌కు తెలియజేశాం.', mr: 'बुकिंग निश्चित झाले आहे; ग्राहकाला कळवले आहे.' },
  vendorDeclined: { en: 'The booking is declined; the customer is told.', hi: 'बुकिंग मना कर दी गई है; ग्राहक को बता दिया गया है।', te: 'బుకింగ్ తిరస్కరించబడింది; కస్టమర్‌కు తెలియజేశాం.', mr: 'बुकिंग नाकारले आहे; ग्राहकाला कळवले आहे.' },
} as const satisfies Record<string, Record<Locale, string>>;

/** A body with its variables filled in (the interactive and free-form forms, and the dev page). */
export const fill = (text: string, params: readonly string[]) => text.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => params[Number(n) - 1] ?? '');
