/**
 * The home page's own copy: its account status banners and views. Texts the spec quotes are kept exactly as
 * it writes them (its typo 'upto' included). Each feature's cards have their copy in their feature's texts.ts.
 */
export const HOME_TEXT = {
  // Shell spec §4 'Account status banners', item 3 (quoted).
  embargoHeading: 'Your account is currently unavailable',
  embargoBody: (hours: number) => `This planned maintenance period may take upto ${hours} hours.`,
  learnMore: 'Learn more',

  // Shell spec §8 'Blocked account' (quoted).
  blockedHeading: 'Online access blocked',
  blockedBody:
    'Your account has been blocked from online access. If you believe this is an error, please chat with us.',

  // Home spec §2.8 'Closed' (quoted) and shell §4 'Closed accounts are archived about 90 days after ...'.
  closedHeading: 'This account is Closed',
  closedBody: (days: number) => `Closed accounts are archived about ${days} days after the disconnect date.`,
  accountChangeHeading: 'Your account number has changed',
  maintenanceHeading: 'Scheduled maintenance',
  maintenanceBody:
    'Some of our systems will be unavailable during scheduled maintenance. You may not be able to view or pay your bill online during that time.',
} as const;
