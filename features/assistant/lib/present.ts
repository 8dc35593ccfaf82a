/**
 * A reply as the rest of the app writes amounts and areas: rupees as "₹"
 * ("₹78,000", "₹6 lakh", as on the reels and the deal cards), square metres
 * as "m²". The bank's files, the message templates and the calculators
 * write "Rs" and "m2" (easy to type and to check against the fact sheet);
 * the bank is turned as it is read (server/knowledge.ts) and a composed
 * reply as it is joined (server/answer.ts). Pure.
 */
export function presentable(text: string): string {
  return text
    .replace(/\bRs\.?\s?(?=[\d०-९])/g, '₹')
    .replace(/(\d)\s?m2\b/g, '$1 m²');
}
