/**
 * `npm run eval:assistant`: measures the assistant's retrieval on the
 * labelled questions of features/assistant/data/eval/*.json (issue "The AI
 * assistant", Tests and figures). Prints top-1 and top-3 per language and
 * overall, the handling of off-topic questions (expected null), the misses,
 * and the share of bank answers whose numbers all appear in the fact sheet
 * (../shared/facts/solar-india.md from the repository root). Target: top-1
 * >= 90% in each language. Reads the data files directly (no database):
 * the same files the start-up sync loads. Exits 0 either way (figures, not a
 * test).
 *
 * Options (env): EVAL_VERBOSE=1 prints every question's result;
 * EVAL_MIN_CONFIDENCE overrides the threshold (for tuning).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evalItemSchema, type ChatLanguage } from '../features/assistant/schemas';
import { numbersOf } from '../features/assistant/lib/fact-numbers';
import { DATA_DIR, indexKnowledge, readKnowledgeFiles } from '../features/assistant/server/knowledge';
import { buildRetriever, MIN_CONFIDENCE } from '../features/assistant/server/retrieve';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FACTS = path.resolve(ROOT, '../shared/facts/solar-india.md');
const TARGET_TOP1 = 0.9;
const LANGS: ChatLanguage[] = ['english', 'hindi', 'hinglish'];
const verbose = process.env.EVAL_VERBOSE === '1';
const minConfidence = process.env.EVAL_MIN_CONFIDENCE ? Number(process.env.EVAL_MIN_CONFIDENCE) : MIN_CONFIDENCE;

const out = (s = '') => process.stdout.write(`${s}\n`);
const pct = (a: number, b: number) => (b === 0 ? '  n/a' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);

const knowledge = indexKnowledge(readKnowledgeFiles());
const retriever = buildRetriever(knowledge);

interface Tally { n: number; top1: number; top3: number; nullN: number; nullOk: number; posN: number; posTop1: number; posTop3: number; falseNull: number }
const blank = (): Tally => ({ n: 0, top1: 0, top3: 0, nullN: 0, nullOk: 0, posN: 0, posTop1: 0, posTop3: 0, falseNull: 0 });
const byLang = new Map<ChatLanguage, Tally>(LANGS.map((l) => [l, blank()]));
const misses: string[] = [];
/** Per eval file: [top-1 hits, questions]. */
const byFile = new Map<string, [number, number]>();

const evalDir = path.join(DATA_DIR, 'eval');
const files = fs.existsSync(evalDir) ? fs.readdirSync(evalDir).filter((f) => f.endsWith('.json')).sort() : [];
for (const f of files) {
  const language = LANGS.find((l) => f.includes(`.${l}.`) || f.startsWith(`${l}.`));
  if (!language) { out(`skip ${f}: no language in the file name`); continue; }
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(evalDir, f), 'utf8'));
  const items = evalItemSchema.array().parse(raw);
  const t = byLang.get(language)!;
  for (const item of items) {
    const r = retriever.retrieve(item.q, language, { minConfidence });
    const got = r.match?.entry.id ?? null;
    t.n++;
    if (item.expected === null) {
      t.nullN++;
      const ok = got === null;
      if (ok) { t.nullOk++; t.top1++; t.top3++; } else misses.push(`[${language}] ${f}: "${item.q}" expected no match, got ${got} (conf ${r.match?.confidence.toFixed(2)})`);
    } else {
      if (!knowledge.byId.has(item.expected)) out(`warning: ${f}: expected id "${item.expected}" is not in the bank`);
      t.posN++;
      const top1 = got === item.expected;
      const top3 = got !== null && r.candidates.includes(item.expected);
      if (top1) { t.top1++; t.posTop1++; }
      if (top3) { t.top3++; t.posTop3++; }
      if (got === null) t.falseNull++;
      if (!top1) misses.push(`[${language}] ${f}: "${item.q}" expected ${item.expected}, got ${got ?? 'null'}${got === null ? ` (best ${r.candidates[0] ?? '-'})` : ''} (conf ${(r.match?.confidence ?? 0).toFixed(2)}; top3 ${r.candidates.join(', ')})`);
    }
    const fileTally = byFile.get(f) ?? [0, 0];
    fileTally[1]++;
    if (got === item.expected) fileTally[0]++;
    byFile.set(f, fileTally);
    if (verbose) out(`${language} ${got === item.expected ? 'ok  ' : 'MISS'} ${item.q} -> ${got} (${r.match?.confidence.toFixed(2) ?? '-'})`);
  }
}

out(`Assistant retrieval eval: ${files.length} eval files, ${knowledge.entries.length} bank entries (${LANGS.map((l) => `${l} ${knowledge.entries.filter((e) => e.language === l).length}`).join(', ')}), min confidence ${minConfidence}`);
out('');
out('language    questions  top-1    top-3    on-topic top-1  off-topic -> null  on-topic -> null  target top-1 >= 90%');
const all = blank();
for (const l of LANGS) {
  const t = byLang.get(l)!;
  for (const k of Object.keys(all) as Array<keyof Tally>) all[k] += t[k];
  const pass = t.n > 0 && t.top1 / t.n >= TARGET_TOP1;
  out(`${l.padEnd(11)} ${String(t.n).padStart(9)}  ${pct(t.top1, t.n)}   ${pct(t.top3, t.n)}   ${pct(t.posTop1, t.posN)}          ${pct(t.nullOk, t.nullN)} (${t.nullOk}/${t.nullN})    ${String(t.falseNull).padStart(4)}             ${t.n === 0 ? 'NO DATA' : pass ? 'PASS' : 'FAIL'}`);
}
out(`${'overall'.padEnd(11)} ${String(all.n).padStart(9)}  ${pct(all.top1, all.n)}   ${pct(all.top3, all.n)}   ${pct(all.posTop1, all.posN)}          ${pct(all.nullOk, all.nullN)} (${all.nullOk}/${all.nullN})    ${String(all.falseNull).padStart(4)}`);
out('(top-1: the expected entry, or no match for an off-topic question; top-3: the expected entry among the 3 candidates of an answered question)');
out('');
out('top-1 per eval file:');
for (const [f, [hit, n]] of byFile) out(`  ${f.padEnd(26)} ${pct(hit, n)} (${hit}/${n})`);

out('');
out(`Misses (${misses.length}):`);
for (const m of misses) out(`  ${m}`);

// Numbers in answers vs the fact sheet.
if (fs.existsSync(FACTS)) {
  const factNumbers = new Set(numbersOf(fs.readFileSync(FACTS, 'utf8')));
  let ok = 0;
  const bad: string[] = [];
  for (const e of knowledge.entries) {
    const missing = numbersOf(e.answer).filter((n) => !factNumbers.has(n));
    if (missing.length === 0) ok++;
    else bad.push(`[${e.language}] ${e.id}: ${[...new Set(missing)].join(', ')}`);
  }
  out('');
  out(`Answers whose numbers all appear in the fact sheet: ${pct(ok, knowledge.entries.length)} (${ok}/${knowledge.entries.length})`);
  for (const b of bad) out(`  not in fact sheet: ${b}`);
} else {
  out(`Fact sheet not found at ${FACTS}: number check skipped`);
}
process.exit(0);
