import { describe, expect, it } from 'vitest';
import { fitText, glueNumbers, layoutText, textBlockSvg } from './text-layout';

const style = { weight: 'semibold' as const, sizePx: 48, maxWidthPx: 560 };

describe('layoutText (HarfBuzz shaping)', () => {
  it('reorders the i-matra before its consonant, as Devanagari is read', async () => {
    // "कि" is stored KA + I-MATRA but drawn matra first; an unshaped renderer (libass without HarfBuzz) keeps the stored order.
    const ka = (await layoutText('क', style)).lines[0]!.glyphs.map((g) => g.id);
    const ki = (await layoutText('कि', style)).lines[0]!.glyphs.map((g) => g.id);
    expect(ki[0]).not.toBe(ka[0]);
    expect(ki).toContain(ka[0]);
    expect(ki.indexOf(ka[0]!)).toBeGreaterThan(0);
  });

  it('forms conjuncts: क्ष takes fewer glyphs than its three code points', async () => {
    const ksha = (await layoutText('क्ष', style)).lines[0]!.glyphs;
    expect(ksha.length).toBeLessThan(3);
  });

  it('wraps at spaces within the width and keeps every word', async () => {
    const text = 'पूर्वोत्तर, जम्मू-कश्मीर, लद्दाख, हिमाचल, उत्तराखंड और द्वीपों जैसे विशेष श्रेणी के राज्यों में यह ₹85,800 तक है।';
    const block = await layoutText(text, style);
    expect(block.lines.length).toBeGreaterThan(2);
    for (const l of block.lines) expect(l.widthPx).toBeLessThanOrEqual(style.maxWidthPx);
    expect(block.overflows).toBe(false);
    expect(block.heightPx).toBeCloseTo(block.lines.length * block.lineHeightPx);
  });

  it('shrinks the size until the text fits the line budget', async () => {
    const long = 'word '.repeat(60).trim();
    const fitted = await fitText(long, style, 6, 30);
    expect(fitted.sizePx).toBeLessThan(48);
    const short = await fitText('Short line', style, 6, 30);
    expect(short.sizePx).toBe(48);
  });

  it('draws glyph outlines as SVG paths, no <text>', async () => {
    const svg = await textBlockSvg(await layoutText('सब्सिडी ₹78,000', style), { x: 0, top: 0, align: 'left', fill: '#000' });
    expect(svg).toContain('<path');
    expect(svg).not.toContain('<text');
  });

  it('keeps a figure with its unit so no line ends on a bare number', () => {
    expect(glueNumbers('up to 150 units a month, 1 to 2 kW; ₹1.65 lakh'.split(' ')))
      .toEqual(['up', 'to', '150 units', 'a', 'month,', '1 to', '2 kW;', '₹1.65 lakh']);
    expect(glueNumbers(['लगभग', '300', 'यूनिट'])).toEqual(['लगभग', '300 यूनिट']);
  });
});
