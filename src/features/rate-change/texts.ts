/**
 * The rate-increase alerts' copy. The spec names the parts (one alert per product with the current and next
 * tier rate and the effective date, recentPast wording, a Learn more link and a close button) but quotes no
 * text; this wording is ours (decision 016).
 */
export const RATE_TEXT = {
  upcomingHeading: (product: string) => `Your ${product} rate is changing`,
  pastHeading: (product: string) => `Your ${product} rate has changed`,
  upcoming: (product: string, date: string, from: string, to: string) =>
    `Beginning ${date}, your monthly ${product} rate will change from ${from} to ${to}.`,
  past: (product: string, date: string, from: string, to: string) =>
    `As of ${date}, your monthly ${product} rate changed from ${from} to ${to}.`,
  upcomingNoDate: (product: string, from: string, to: string) =>
    `Your monthly ${product} rate will change from ${from} to ${to}.`,
  pastNoDate: (product: string, from: string, to: string) =>
    `Your monthly ${product} rate changed from ${from} to ${to}.`,
  learnMore: 'Learn more',
  close: (product: string) => `Close the ${product} rate alert`,
} as const;

/** Home spec §3: 'productType (voice-hp is shown as phone)'; the other product types in words. */
export function productLabel(productType: string): string {
  const t = productType.trim().toLowerCase();
  if (t === 'voice-hp' || t === 'voice' || t === 'phone') return 'phone';
  if (t === 'internet' || t === 'hsi') return 'internet';
  if (t === 'tv' || t === 'video' || t === 'directv') return 'TV';
  return productType.trim() || 'service';
}
