import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLOSING_LINE, OPTIONS, estimateDurationS, libraryReels, spokenText } from './library';
import { FACT_SOURCES } from './sources';
import { TOPICS } from './taxonomy';
import { QUESTION_BANK_CATEGORIES } from './types';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The fact sheet, kept in the repository; reading it throws (and the suite fails) if it is missing. */
const FACT_SHEET = path.join(repoRoot, 'docs/facts/solar-india.md');
const factSheet = fs.readFileSync(FACT_SHEET, 'utf8');
const DEVANAGARI = /[\u0900-\u097F]/;

const reels = libraryReels();

/** Every number written with digits: "1,08,000" -> 108000, "5.5" -> 5.5. */
function numbersIn(text: string): number[] {
  return (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((t) => Number(t.replace(/,/g, '').replace(/\.$/, '')));
}

function allTexts(reel: (typeof reels)[number]): string[] {
  return reel.narration.flatMap(({ line }) => [line.text, spokenText(line)]);
}

describe('starter library data', () => {
  it('has exactly one option per question-bank category, each told in en, hi and he: 27 reels', () => {
    expect(OPTIONS.map((o) => o.category).sort()).toEqual([...QUESTION_BANK_CATEGORIES].sort());
    expect(reels).toHaveLength(27);
    for (const category of QUESTION_BANK_CATEGORIES) {
      expect(reels.filter((r) => r.option.category === category).map((r) => r.lang).sort()).toEqual(['en', 'he', 'hi']);
    }
    expect(new Set(reels.map((r) => r.sourceKey)).size).toBe(27);
    expect(reels.every((r) => /^starter:v2:[a-z0-9-]+:(en|hi|he)$/.test(r.sourceKey))).toBe(true);
  });

  it('puts every category in exactly one theme, and each theme has one TLDR option', () => {
    const listed = TOPICS.flatMap((t) => t.categories);
    expect(listed.sort()).toEqual([...QUESTION_BANK_CATEGORIES].sort());
    for (const t of TOPICS) {
      expect(OPTIONS.filter((o) => o.topic === t.slug && o.isTldr)).toHaveLength(1);
    }
    expect(TOPICS.filter((t) => t.typeTag === 'HOT').map((t) => t.slug)).toEqual(['subsidy-and-money']);
  });

  it('gives every reel its sources from the fact sheet, never the unverified web story [6]', () => {
    for (const r of reels) {
      expect(r.sources.length).toBeGreaterThan(0);
      for (const n of r.option.sources) {
        expect(FACT_SOURCES[n], `${r.sourceKey} cites [${n}]`).toBeDefined();
        expect(r.sources).toContain(`[${n}] ${FACT_SOURCES[n]}`);
      }
      expect(r.option.sources).not.toContain(6);
    }
  });

  it('writes Hindi on screen in Devanagari and Hinglish in Latin letters, both voiced from Devanagari', () => {
    for (const r of reels) {
      for (const { line } of r.narration) {
        if (r.lang === 'hi') {
          expect(line.text, r.sourceKey).toMatch(DEVANAGARI);
          expect(spokenText(line), r.sourceKey).toMatch(DEVANAGARI);
        } else if (r.lang === 'he') {
          expect(line.text, r.sourceKey).not.toMatch(DEVANAGARI);
          expect(line.text, r.sourceKey).toMatch(/[A-Za-z]/);
          expect(spokenText(line), `${r.sourceKey} must be voiced from Devanagari`).toMatch(DEVANAGARI);
        } else {
          expect(line.text, r.sourceKey).not.toMatch(DEVANAGARI);
          expect(spokenText(line), r.sourceKey).not.toMatch(DEVANAGARI);
        }
      }
      expect(r.voice).toBe(r.lang === 'en' ? 'en' : 'hi');
    }
  });

  it('never reads a text espeak would take for an option, and voices only numbers shown on screen', () => {
    for (const r of reels) {
      for (const { line } of r.narration) {
        const said = spokenText(line);
        expect(said.trimStart().startsWith('-')).toBe(false);
        const shown = new Set(numbersIn(line.text));
        for (const n of numbersIn(said)) expect(shown.has(n), `${r.sourceKey}: says ${n} in "${said}"`).toBe(true);
      }
    }
  });

  it('ends every reel with the "as of" line that points to the national portal', () => {
    for (const r of reels) {
      const last = r.narration.at(-1)!;
      expect(last.kind).toBe('closing');
      expect(last.line).toBe(CLOSING_LINE[r.lang]);
      expect(last.line.text).toContain('pmsuryaghar.gov.in');
      expect(last.line.text).toContain('2026');
    }
  });

  it('repeats none of the fact sheet\'s unverified or "do not repeat" claims', () => {
    // Income cap / government employees [6], tenants' NOC [48], inverter life, the bill formula,
    // unverified state top-ups, the "Give It Up" option and Punjab's free units (not confirmed).
    const banned = [/income/i, /employee/i, /\bNOC\b/, /tenant/i, /Gujarat/i, /Haryana/i, /Give It Up/i, /Punjab/i,
      /fixed charge/i, /आय/, /किरायेदार/];
    for (const r of reels) {
      for (const t of allTexts(r)) for (const b of banned) expect(t, r.sourceKey).not.toMatch(b);
    }
    for (const o of OPTIONS) expect(o.sources).not.toContain(48);
  });

  it('keeps each reel between 15 and 60 seconds, with room for the estimate\'s error', () => {
    // estimateDurationS is within about 10% of the rendered length (measured on all 27; the media
    // test checks one reel against a real render), so 15% either side still lands in 15-60 s.
    for (const r of reels) {
      const est = estimateDurationS(r);
      expect(est * 0.85, r.sourceKey).toBeGreaterThanOrEqual(15);
      expect(est * 1.15, r.sourceKey).toBeLessThanOrEqual(60);
    }
  });

  describe('against the fact sheet (docs/facts/solar-india.md)', () => {
    const sheet = factSheet;
    const body = sheet.slice(0, sheet.indexOf('## Sources'));
    // Source references like [12] are not facts: leave them out so "12" must appear as a stated figure.
    const stated = new Set(numbersIn(body.replace(/\[\d+\]/g, '')));

    it('states only numbers (rupees, kW, %, units, years) that appear in the fact sheet', () => {
      for (const r of reels) {
        for (const t of allTexts(r)) {
          for (const n of numbersIn(t)) expect(stated.has(n), `${r.sourceKey}: ${n} in "${t}"`).toBe(true);
        }
      }
    });

    it('copies the source titles verbatim', () => {
      const listed = new Map([...sheet.slice(sheet.indexOf('## Sources')).matchAll(/^(\d+)\. (.+)$/gm)]
        .map((m) => [Number(m[1]), m[2]!.trim()]));
      expect(listed.size).toBe(Object.keys(FACT_SOURCES).length);
      for (const [n, title] of listed) expect(FACT_SOURCES[n], `[${n}]`).toBe(title);
    });
  });
});
