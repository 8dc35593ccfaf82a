/**
 * Splits an answer into the pieces it is streamed in ("chat_chunk" while
 * composing): `wordsPerChunk`
 * words each, every piece keeping the spaces and line breaks after its
 * words, so the pieces joined are exactly `text`. Works on any script
 * (Latin, Devanagari): words are runs of non-space characters.
 * @param wordsPerChunk words per piece, at least 1.
 */
export function chunkText(text: string, wordsPerChunk = 3): string[] {
  const per = Math.max(1, Math.floor(wordsPerChunk));
  const lead = /^\s*/.exec(text)?.[0] ?? '';
  const words = text.slice(lead.length).match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += per) chunks.push(words.slice(i, i + per).join(''));
  if (lead) {
    if (chunks.length) chunks[0] = lead + chunks[0];
    else chunks.push(lead);
  }
  return chunks;
}
