import 'server-only';
import type { ChatLanguage } from '../schemas';
/**
 * Titles of the fact sheet's sources (docs/facts/solar-india.md,
 * "Sources"), by their number: a bank entry's `sources` are these numbers
 * (features/assistant/schemas.ts). Copied verbatim so an answer can name
 * what it rests on; keep in step with the fact sheet.
 */
export const FACT_SHEET_SOURCES: Readonly<Record<number, string>> = {
  1: "NDTV Profit, 29 Feb 2024, \"Rooftop solar scheme gets Rs 75,021 crore outlay\"",
  2: "The Hans India, \"PM Surya Ghar Muft Bijli Yojana promises to save Rs 15,000 per household\"",
  3: "Hindu BusinessLine, \"Free electricity for all? Not quite\"",
  4: "Devdiscourse, 23 Feb 2026, rooftop installations cross 30 lakh",
  5: "SolarQuarter, 8 Jul 2025, MNRE amends PM Surya Ghar CFA process",
  6: "todaysgk web story on eligibility",
  7: "Kakatiya Energies, PM Surya Ghar application process",
  8: "Mercom, 27 Nov 2024, REC vendor guidance framework",
  9: "newsboys24 quoting PIB on bank loans",
  10: "SBI, PM Surya Ghar loan for solar rooftop",
  11: "India TV, 9 Oct 2025, Rs 2 lakh loan at 6%",
  12: "Mercom, 17 Jun 2024, operational guidelines; Renewable Watch, 20 Jun 2024",
  13: "Energetica India, 18 Sep 2024, Ministry of Power implementation measures for DISCOMs",
  14: "Renewable Watch, 9 Sep 2021, RERC net metering to 500 kW",
  15: "Oakridge, Uttar Pradesh solar policy (2019)",
  16: "SolarQuarter reprint on Rajasthan smart meters",
  17: "SIA Solar, what happens in a grid failure",
  18: "SuryaHub, hybrid vs on-grid inverter",
  19: "India Employment News, on-grid or off-grid; SolarSync India",
  20: "Patrika Raipur, zero-bill consumers",
  21: "SolarQuarter, 29 Jul 2025, ALMM List-II for cells from June 2026",
  22: "Vyqon, 8 Apr 2026, \"Give It Up\" provision",
  23: "Heaven Designs, DCR vs non-DCR",
  24: "Let's Save Electricity; Heaven Green Energy, panel warranty",
  25: "MNRE rooftop FAQ as reproduced by SEPLD",
  26: "Solar with Yash, 1 kW generation in India",
  27: "Solar panel cleaning do's and don'ts (two vendor pages)",
  28: "SKS Synergies, panels in the north-east monsoon",
  29: "IANS via MENAFN, 2 Apr 2024, Assam",
  30: "Mercom, 18 Mar 2024, housing societies",
  31: "Delhi Govt EE&REM, Delhi Solar Energy Policy 2023",
  32: "The Statesman, 18 Dec 2024, UP rooftop installations",
  33: "PTI via Newsdrum, 20 May 2025, Delhi Rs 30,000 subsidy",
  34: "Sentinel Assam, 19 Mar 2024; Assam Story",
  35: "Tribune, 28 Jun 2024, Ladakh additional subsidy",
  36: "Patrika Jaipur; Patrika Sikar, 16 Nov 2025",
  37: "Sakshi Post, 12 Apr 2025, Andhra Pradesh",
  38: "Kalindi Solar, true cost of rooftop solar",
  39: "Das Energie, installation cost in India",
  40: "CTNewJ (Hindi FAQ)",
  41: "SunSaar; Oakridge savings calculator",
  42: "SOM Energy Systems, how to calculate solar requirement",
  43: "Hindu BusinessLine editorial on scheme contours",
  44: "SuryaHub, surplus settlement by state",
  45: "CEEW issue brief via now.solar, Nov 2019",
  46: "Mercom, 21 Mar 2025, free electricity programs",
  47: "MySandesh, SBI loan process",
  48: "PM Solar NGO guide, application step by step",
};

/** The titles of fact-sheet sources `numbers`, in order, unknown numbers and repeats left out. */
export function sourceTitles(numbers: readonly number[]): string[] {
  const seen = new Set<number>();
  const out: string[] = [];
  for (const n of numbers) {
    const t = FACT_SHEET_SOURCES[n];
    if (t && !seen.has(n)) {
      seen.add(n);
      out.push(t);
    }
  }
  return out;
}

/** A date as the fact sheet writes it in a source's title: "29 Feb 2024" or "Nov 2019". */
const TITLE_DATE = /^(\d{1,2} )?(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Indian locales of the chat languages (Hinglish reads dates as Indian English). */
const DATE_LOCALE: Record<ChatLanguage, string> = { english: 'en-IN', hindi: 'hi-IN', hinglish: 'en-IN' };

/** A title's date in the asker's language: "29 Feb 2024" / "29 फ़रवरी 2024"; undefined when it has none. */
function dateOf(pieces: string[], language: ChatLanguage): string | undefined {
  for (const p of pieces) {
    const m = TITLE_DATE.exec(p.trim());
    if (!m) continue;
    const day = m[1] ? Number(m[1]) : undefined;
    const date = new Date(Date.UTC(Number(m[3]), MONTHS.indexOf(m[2]!), day ?? 1));
    return new Intl.DateTimeFormat(DATE_LOCALE[language], {
      ...(day ? { day: 'numeric' } : {}), month: language === 'hindi' ? 'long' : 'short', year: 'numeric', timeZone: 'UTC',
    }).format(date);
  }
  return undefined;
}

/**
 * The sources of an answer as a person reads them: each source's publisher
 * and, where its title has one, its date in the asker's language
 * ("NDTV Profit, 29 Feb 2024; SolarQuarter, 8 Jul 2025"; in Hindi
 * "NDTV Profit, 29 फ़रवरी 2024"), in order, at most `max`, a publisher and
 * date said once. From the fact sheet's numbered sources
 * (docs/facts/solar-india.md "Sources", FACT_SHEET_SOURCES).
 * @returns '' when none of the numbers is a known source.
 */
export function sourceCitation(numbers: readonly number[], language: ChatLanguage, max = 3): string {
  const out: string[] = [];
  for (const title of sourceTitles(numbers)) {
    // "Mercom, 17 Jun 2024, operational guidelines; Renewable Watch, 20 Jun 2024": the first of two is named.
    const pieces = title.split(';')[0]!.split(',').map((x) => x.trim());
    const date = dateOf(pieces.slice(1), language);
    const label = date ? `${pieces[0]}, ${date}` : pieces[0]!;
    if (!out.includes(label)) out.push(label);
    if (out.length === max) break;
  }
  return out.join('; ');
}
