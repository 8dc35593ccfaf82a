/**
 * JSON-LD as the text of an HTML `<script type="application/ld+json">`
 * element (Google Search Central, "Introduction to structured data markup":
 * JSON-LD in a script element in the page).
 *
 * A script element's text ends at the first `</script` whatever the type
 * (HTML Living Standard, "Restrictions for contents of script elements"), and
 * `<!--` inside it changes how the parser looks for that end. JSON.stringify
 * leaves `<`, `>` and `&` as they are, so a reel description holding
 * `</script><script>alert(1)</script>` would close the element and start a
 * script of its own. Writing those three characters as JSON `\uXXXX` escapes
 * keeps the parsed value identical while no tag can appear in the text.
 * U+2028 and U+2029 are valid in JSON strings but were line terminators in
 * JavaScript before ES2019; they are escaped too, so the text also stays
 * valid if someone ever evaluates it as a script.
 */

const UNSAFE = /[<>&\u2028\u2029]/g;

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * `data` as JSON text safe inside `<script type="application/ld+json">`:
 * JSON.stringify, then `<` `>` `&` U+2028 U+2029 written as `\uXXXX`
 * escapes (JSON.parse of the result equals JSON.parse of plain
 * JSON.stringify). Compact, no indentation.
 * @throws TypeError when `data` has no JSON form (undefined, a function, a
 *   symbol) or holds a cycle or a BigInt (JSON.stringify's own errors).
 */
export function serializeJsonLd(data: unknown): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new TypeError('serializeJsonLd: the value has no JSON form');
  return json.replace(UNSAFE, (ch) => ESCAPES[ch]);
}
