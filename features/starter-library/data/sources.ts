/**
 * The fact sheet's numbered sources (docs/facts/solar-india.md, "Sources"),
 * copied verbatim so the product does not need shared/ at run time. A unit
 * test checks each title still matches the fact sheet.
 */
export const FACT_SOURCES: Readonly<Record<number, string>> = {
  1: 'NDTV Profit, 29 Feb 2024, "Rooftop solar scheme gets Rs 75,021 crore outlay"',
  2: 'The Hans India, "PM Surya Ghar Muft Bijli Yojana promises to save Rs 15,000 per household"',
  3: 'Hindu BusinessLine, "Free electricity for all? Not quite"',
  4: 'Devdiscourse, 23 Feb 2026, rooftop installations cross 30 lakh',
  5: 'SolarQuarter, 8 Jul 2025, MNRE amends PM Surya Ghar CFA process',
  6: 'todaysgk web story on eligibility',
  7: 'Kakatiya Energies, PM Surya Ghar application process',
  8: 'Mercom, 27 Nov 2024, REC vendor guidance framework',
  9: 'newsboys24 quoting PIB on bank loans',
  10: 'SBI, PM Surya Ghar loan for solar rooftop',
  11: 'India TV, 9 Oct 2025, Rs 2 lakh loan at 6%',
  12: 'Mercom, 17 Jun 2024, operational guidelines; Renewable Watch, 20 Jun 2024',
  13: 'Energetica India, 18 Sep 2024, Ministry of Power implementation measures for DISCOMs',
  14: 'Renewable Watch, 9 Sep 2021, RERC net metering to 500 kW',
  15: 'Oakridge, Uttar Pradesh solar policy (2019)',
  16: 'SolarQuarter reprint on Rajasthan smart meters',
  17: 'SIA Solar, what happens in a grid failure',
  18: 'SuryaHub, hybrid vs on-grid inverter',
  19: 'India Employment News, on-grid or off-grid; SolarSync India',
  20: 'Patrika Raipur, zero-bill consumers',
  21: 'SolarQuarter, 29 Jul 2025, ALMM List-II for cells from June 2026',
  22: 'Vyqon, 8 Apr 2026, "Give It Up" provision',
  23: 'Heaven Designs, DCR vs non-DCR',
  24: "Let's Save Electricity; Heaven Green Energy, panel warranty",
  25: 'MNRE rooftop FAQ as reproduced by SEPLD',
  26: 'Solar with Yash, 1 kW generation in India',
  27: "Solar panel cleaning do's and don'ts (two vendor pages)",
  28: 'SKS Synergies, panels in the north-east monsoon',
  29: 'IANS via MENAFN, 2 Apr 2024, Assam',
  30: 'Mercom, 18 Mar 2024, housing societies',
  31: 'Delhi Govt EE&REM, Delhi Solar Energy Policy 2023',
  32: 'The Statesman, 18 Dec 2024, UP rooftop installations',
  33: 'PTI via Newsdrum, 20 May 2025, Delhi Rs 30,000 subsidy',
  34: 'Sentinel Assam, 19 Mar 2024; Assam Story',
  35: 'Tribune, 28 Jun 2024, Ladakh additional subsidy',
  36: 'Patrika Jaipur; Patrika Sikar, 16 Nov 2025',
  37: 'Sakshi Post, 12 Apr 2025, Andhra Pradesh',
  38: 'Kalindi Solar, true cost of rooftop solar',
  39: 'Das Energie, installation cost in India',
  40: 'CTNewJ (Hindi FAQ)',
  41: 'SunSaar; Oakridge savings calculator',
  42: 'SOM Energy Systems, how to calculate solar requirement',
  43: 'Hindu BusinessLine editorial on scheme contours',
  44: 'SuryaHub, surplus settlement by state',
  45: 'CEEW issue brief via now.solar, Nov 2019',
  46: 'Mercom, 21 Mar 2025, free electricity programs',
  47: 'MySandesh, SBI loan process',
  48: 'PM Solar NGO guide, application step by step',
};

/**
 * The sources field of a reel: one "[n] title" per line, in the order given.
 * @throws Error when a number is not in the fact sheet's list.
 */
export function formatSources(numbers: readonly number[]): string {
  return numbers.map((n) => {
    const title = FACT_SOURCES[n];
    if (!title) throw new Error(`unknown fact-sheet source ${n}`);
    return `[${n}] ${title}`;
  }).join('\n');
}
