/**
 * The numbers a text states, in one comparable form, so that every figure in
 * a question-bank answer can be looked up in the fact sheet
 * (docs/facts/solar-india.md). Used by `npm run eval:assistant` and by the
 * bank's fact test (features/assistant/server/bank-facts.test.ts). Pure, no
 * I/O.
 */

/**
 * Returns every number written with digits in `text`, each as the string of
 * its numeric value ("05" -> "5", "1.50" -> "1.5"), in order of appearance
 * and with repeats; a range such as "12-18" gives "12" and "18".
 *
 * Folding rules, applied in this order:
 * - Unicode NFC normalisation;
 * - Devanagari digits become ASCII digits ("३०" -> "30");
 * - the portal addresses "pmsuryaghar.gov.in" and "jansamarth.in" are ignored;
 * - a comma between digits is a thousands separator, Indian or Western
 *   ("1,08,000" and "108,000" -> "108000");
 * - a decimal point between digits is kept ("5.5" -> "5.5").
 *
 * @example numbersOf('₹1,08,000 for 3 kW, about 4-5.5 units') // ['108000', '3', '4', '5.5']
 */
export function numbersOf(text: string): string[] {
  const s = text
    .normalize('NFC')
    .replace(/[०-९]/g, (d) => String('०१२३४५६७८९'.indexOf(d)))
    .replace(/pmsuryaghar\.gov\.in|jansamarth\.in/g, ' ')
    .replace(/(\d),(?=\d)/g, '$1');
  return (s.match(/\d+(?:\.\d+)?/g) ?? []).map((n) => String(Number(n)));
}
