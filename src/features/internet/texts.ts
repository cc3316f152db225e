/**
 * The internet plan card's copy. The spec quotes the buttons (View broadband facts, Run Speed Test,
 * Troubleshoot service, Upgrade Now, Upgrade Modem, View Trends), the NA note and the trend failure; the rest
 * is plain wording for what it describes (decision 016). Flow messages (toasts and dialogs) live in
 * machines/messages.ts.
 */
export const INTERNET_TEXT = {
  heading: 'Internet',
  speedLabel: 'Your plan speed',
  speedUnknown: 'Your plan speed is not available right now.',
  // home spec §2.6 and §8, verbatim.
  naNote: '*NA - Not available at this time.',
  broadbandFacts: 'View broadband facts',
  speedTest: 'Run Speed Test',
  troubleshoot: 'Troubleshoot service',
  viewTrends: 'View Trends',
  trendsTitle: 'Speed Trends',
  trendsIntro: 'Your download and upload speeds measured over the past 7 days, in Mbps.',
  trendsLoading: 'Loading your speed history…',
  // home spec §8 inline, verbatim.
  trendsUnavailable: 'We are unable to retrieve your historical data at this time.',
  trendsEmpty: 'No speeds were measured in the past 7 days.',
  tableCaption: 'Measured speeds, past 7 days (Mbps)',
  day: 'Day',
  download: 'Download',
  upload: 'Upload',
  chartLabel: 'Chart of the download and upload speeds of the past 7 days',
  close: 'Close',
  // Upgrade offers (home spec §2.6, §4): 'link shows Upgrade Now; chat shows a chat link'.
  offerHeading: 'Get faster internet',
  offerFasterAt: (speed: string) => `Speeds up to ${speed} are available at your address.`,
  offerGeneric: 'A faster plan is available at your address.',
  upgradeNow: 'Upgrade Now',
  chatToUpgrade: 'Chat with us to upgrade',
  upgradeModem: 'Upgrade Modem',
  chatForModemUpgrade: 'Chat for modem upgrade',
  opening: 'Opening the shop…',
  restoreService: 'Restore Service',
  chatToRestore: 'Chat with us',
  // Self-install app download (home item 19).
  appHeading: 'Set up your service with our app',
  appBody:
    'Our app walks you through installing your modem step by step, and lets you check your connection when you are done.',
  appDownload: 'Download the app',
} as const;
