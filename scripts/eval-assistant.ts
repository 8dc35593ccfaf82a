/**
 * `npm run eval:assistant`: measures the assistant's retrieval on the
 * labelled questions of features/assistant/data/eval/part-<x>.<language>.json
 * and checks the bank's numbers against the fact sheet
 * (docs/facts/solar-india.md). Prints top-1 and top-3 per language, the
 * handling of off-topic questions (expected null), the misses, and the share
 * of bank answers whose numbers all appear in the fact sheet. Reads the data
 * files directly (no database): the same files the start-up sync loads.
 *
 * Two kinds of eval part, printed apart:
 * - tuning parts (TUNING_PARTS): their misses have guided changes to the
 *   bank, the lexicon or the retriever, so their figures say how well the
 *   retriever fits questions it was tuned on, not how it does on new ones;
 * - the held-out part (HELD_OUT_PARTS): written before the changes it
 *   judges. Its first score is the one to report. Once its misses guide a
 *   change, move it to TUNING_PARTS (and say so in the commit) and write a
 *   new held-out part from the bank's questions and answers only.
 * A file of a part listed in neither is an error.
 *
 * Targets, for the tuning parts and for the held-out part, each on its own:
 * top-1 >= 90% in each language; at least 90% of the off-topic questions of
 * each language get no answer. And every number of every bank answer appears
 * in the fact sheet (a missing fact sheet fails). Prints the figures, then
 * exits 1 with a line per failed target, or 0 when all are met.
 *
 * Options: --tuning-only scores the tuning parts alone. CI runs it that way
 * (`npm test`): a regression guard on the questions the retriever was tuned
 * on. The held-out part is never scored by CI, because a gate on it would make
 * its misses steer every change, which is what turns a held-out set into a
 * tuning set; it is scored once, by hand, when a change is done.
 * --verbose (or EVAL_VERBOSE=1) prints every question's result.
 * --answers-only scores only the answer-level parts (below).
 *
 * Answer-level parts, data/eval-answers/<part>.<language>.json: items
 * { q, category, must_include: string[][], must_not_include: string[], note? }
 * judged on the full reply the asker would get (composeAnswer's text in
 * that language, on an in-memory index of the data files, no model): pass
 * when every must_include group has one alternative present and no
 * must_not_include string is present, compared case-insensitively with the
 * commas inside digit groups removed and Devanagari digits read as ASCII
 * (scripts/lib/answer-eval.ts). "tuning-*" parts are tuning; "heldout-*"
 * parts are held out (never scored with --tuning-only). The pass rate is
 * printed per language and per category; target >= 90% per language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evalItemSchema, type ChatLanguage } from '../features/assistant/schemas';
import { numbersOf } from '../features/assistant/lib/fact-numbers';
import { DATA_DIR, indexKnowledge, readKnowledgeFiles } from '../features/assistant/server/knowledge';
import { buildRetriever, MIN_CONFIDENCE } from '../features/assistant/server/retrieve';
import { composeAnswer } from '../features/assistant/server/answer';
import { answerEvalItemSchema, judgeAnswer } from './lib/answer-eval';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FACTS = path.join(ROOT, 'docs/facts/solar-india.md');
const TARGET_TOP1 = 0.9;
/** Share of off-topic questions that must get no answer, per language. */
const TARGET_OFF_TOPIC = 0.9;
/** Share of answer-level items (data/eval-answers) whose full reply must pass, per language. */
const TARGET_ANSWER = 0.9;
/**
 * Whether the answer-level targets fail the run. It was off until the
 * pipeline met them on the tuning parts (so the scorer could first measure
 * the pipeline as it was); on since.
 */
const ANSWER_TARGETS_ENFORCED = true;
const LANGS: ChatLanguage[] = ['english', 'hindi', 'hinglish'];
/** Parts whose misses have guided changes (see the git log): tuning sets. */
const TUNING_PARTS = ['a', 'b', 'c', 'd'];
/**
 * The held-out part: written before the change it judges, from the bank's
 * questions and answers only. Part e was committed unscored and first scored
 * after the lexicon audit (at commit 1f54b8a): top-1 en 90.0%, hi 88.3%,
 * he 91.7%; off-topic -> no answer 13 of 24. That first score is its figure.
 */
const HELD_OUT_PARTS = ['e'];

const args = new Set(process.argv.slice(2));
const tuningOnly = args.has('--tuning-only');
const answersOnly = args.has('--answers-only');
const verbose = args.has('--verbose') || process.env.EVAL_VERBOSE === '1';

const out = (s = '') => process.stdout.write(`${s}\n`);
const pct = (a: number, b: number) => (b === 0 ? '  n/a' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);

const knowledge = indexKnowledge(readKnowledgeFiles());
const retriever = buildRetriever(knowledge);

interface Tally { n: number; top1: number; top3: number; nullN: number; nullOk: number; posN: number; posTop1: number; posTop3: number; falseNull: number }
const blank = (): Tally => ({ n: 0, top1: 0, top3: 0, nullN: 0, nullOk: 0, posN: 0, posTop1: 0, posTop3: 0, falseNull: 0 });

interface Group {
  name: 'tuning' | 'held-out';
  title: string;
  parts: string[];
  files: string[];
  byLang: Map<ChatLanguage, Tally>;
  /** Per eval file: [top-1 hits, questions]. */
  byFile: Map<string, [number, number]>;
  misses: string[];
}
const group = (name: Group['name'], title: string, parts: string[]): Group =>
  ({ name, title, parts, files: [], byLang: new Map(LANGS.map((l) => [l, blank()])), byFile: new Map(), misses: [] });
const groups: Group[] = [
  group('tuning', `TUNING parts ${TUNING_PARTS.join(', ')} (their misses have guided changes: a fit to seen questions, not a held-out figure)`, TUNING_PARTS),
  group('held-out', `HELD-OUT part ${HELD_OUT_PARTS.join(', ')} (written before the changes it judges; if its misses guide a change, it becomes a tuning part)`, HELD_OUT_PARTS),
];
const failures: string[] = [];

/**
 * The answer-level eval: every item of data/eval-answers/<part>.<language>.json
 * is asked as the user would ask it, and the full reply (composeAnswer's
 * text in that language, no model) is judged by judgeAnswer. Prints the pass
 * rate per language and per category, tuning parts and held-out parts apart.
 */
async function scoreAnswers(): Promise<void> {
  const dir = path.join(DATA_DIR, 'eval-answers');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
  interface AnswerGroup { name: 'tuning' | 'held-out'; files: string[]; byLang: Map<ChatLanguage, [number, number]>; byCat: Map<string, Map<ChatLanguage, [number, number]>>; misses: string[] }
  const mk = (name: AnswerGroup['name']): AnswerGroup => ({ name, files: [], byLang: new Map(LANGS.map((l) => [l, [0, 0]])), byCat: new Map(), misses: [] });
  const answerGroups = [mk('tuning'), mk('held-out')];
  for (const f of files) {
    const m = /^(tuning|heldout)-([a-z0-9-]+)\.(english|hindi|hinglish)\.json$/.exec(f);
    if (!m) { failures.push(`eval-answers/${f}: not named tuning-<name>.<language>.json or heldout-<name>.<language>.json`); continue; }
    const language = m[3] as ChatLanguage;
    const g = answerGroups[m[1] === 'tuning' ? 0 : 1]!;
    if (tuningOnly && g.name === 'held-out') continue;
    const parsed = answerEvalItemSchema.array().safeParse(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
    if (!parsed.success) { failures.push(`eval-answers/${f}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`); continue; }
    g.files.push(f);
    for (const item of parsed.data) {
      // A multi-turn item is asked in a chat whose earlier user messages are its history.
      const reply = (await composeAnswer(item.q, language, { retriever, history: item.history })).text;
      const v = judgeAnswer(reply, item);
      const tally = g.byLang.get(language)!;
      const cat = g.byCat.get(item.category) ?? new Map<ChatLanguage, [number, number]>(LANGS.map((l) => [l, [0, 0]]));
      g.byCat.set(item.category, cat);
      for (const t of [tally, cat.get(language)!]) { t[1]++; if (v.pass) t[0]++; }
      if (!v.pass) {
        const why = [
          ...v.missing.map((grp) => `missing ${grp.map((x) => `"${x}"`).join(' | ')}`),
          ...v.forbidden.map((x) => `has "${x}"`),
        ].join('; ');
        g.misses.push(`[${language}] ${f} (${item.category}): "${item.q}" -> ${why}\n      reply: ${reply.replace(/\s+/g, ' ')}`);
      }
      if (verbose) out(`${language} ${v.pass ? 'ok  ' : 'MISS'} ${f} [${item.category}] ${item.q}`);
    }
  }
  out('');
  out(`Answer-level eval (data/eval-answers: the full reply, no model; pass = every must_include group present and no must_not_include string)${ANSWER_TARGETS_ENFORCED ? '' : ' -- targets reported, not yet enforced'}`);
  for (const g of answerGroups) {
    out('');
    out(`== ${g.name === 'tuning' ? 'TUNING answer parts (tuning-*: written and used to tune the pipeline)' : 'HELD-OUT answer parts (heldout-*: never seen by the pipeline\'s authors)'}`);
    if (g.name === 'held-out' && tuningOnly) { out('   not scored (--tuning-only)'); continue; }
    if (g.files.length === 0) {
      out('   no files');
      if (ANSWER_TARGETS_ENFORCED && g.name === 'tuning') failures.push('answer-level tuning: no eval-answers/tuning-* files');
      continue;
    }
    out(`files: ${g.files.join(', ')}`);
    out(`language    items  pass     target >= ${Math.round(TARGET_ANSWER * 100)}%`);
    let pass = 0;
    let n = 0;
    for (const l of LANGS) {
      const [p, t] = g.byLang.get(l)!;
      pass += p;
      n += t;
      const ok = t > 0 && p / t >= TARGET_ANSWER;
      if (ANSWER_TARGETS_ENFORCED && t > 0 && !ok) failures.push(`answer-level ${g.name} ${l}: pass ${pct(p, t).trim()} is below the ${Math.round(TARGET_ANSWER * 100)}% target`);
      out(`${l.padEnd(11)} ${String(t).padStart(5)}  ${pct(p, t)} (${p}/${t})  ${t === 0 ? 'NO DATA' : ok ? 'PASS' : 'FAIL'}`);
    }
    out(`${'overall'.padEnd(11)} ${String(n).padStart(5)}  ${pct(pass, n)} (${pass}/${n})`);
    out(`per category      ${LANGS.map((l) => l.padEnd(17)).join(' ')} all`);
    for (const [cat, per] of [...g.byCat.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const cells = LANGS.map((l) => { const [p, t] = per.get(l)!; return `${pct(p, t)} (${p}/${t})`.padEnd(17); });
      const [p, t] = [...per.values()].reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
      out(`  ${cat.padEnd(15)} ${cells.join(' ')} ${pct(p, t)} (${p}/${t})`);
    }
    out(`Misses (${g.misses.length}):`);
    for (const m of g.misses) out(`  ${m}`);
  }
}

if (!answersOnly) {
  const evalDir = path.join(DATA_DIR, 'eval');
  const files = fs.existsSync(evalDir) ? fs.readdirSync(evalDir).filter((f) => f.endsWith('.json')).sort() : [];
  if (files.length === 0) failures.push(`no eval files in ${evalDir}`);
  for (const f of files) {
    const m = /^part-([a-z])\.(english|hindi|hinglish)\.json$/.exec(f);
    if (!m) { failures.push(`${f}: not named part-<letter>.<language>.json`); continue; }
    const [, part, language] = m as unknown as [string, string, ChatLanguage];
    const g = groups.find((x) => x.parts.includes(part));
    if (!g) { failures.push(`${f}: part ${part} is neither a tuning part nor the held-out part (label it in scripts/eval-assistant.ts)`); continue; }
    if (tuningOnly && g.name === 'held-out') continue;
    g.files.push(f);
    const items = evalItemSchema.array().parse(JSON.parse(fs.readFileSync(path.join(evalDir, f), 'utf8')));
    const t = g.byLang.get(language)!;
    const fileTally: [number, number] = [0, 0];
    for (const item of items) {
      const r = retriever.retrieve(item.q, language);
      const got = r.match?.entry.id ?? null;
      t.n++;
      if (item.expected === null) {
        t.nullN++;
        if (got === null) { t.nullOk++; t.top1++; t.top3++; } else g.misses.push(`[${language}] ${f}: "${item.q}" expected no match, got ${got} (conf ${r.match?.confidence.toFixed(2)})`);
      } else {
        if (!knowledge.byId.has(item.expected)) failures.push(`${f}: expected id "${item.expected}" is not in the bank`);
        t.posN++;
        const top1 = got === item.expected;
        const top3 = got !== null && r.candidates.includes(item.expected);
        if (top1) { t.top1++; t.posTop1++; }
        if (top3) { t.top3++; t.posTop3++; }
        if (got === null) t.falseNull++;
        if (!top1) g.misses.push(`[${language}] ${f}: "${item.q}" expected ${item.expected}, got ${got ?? 'null'}${got === null ? ` (best ${r.candidates[0] ?? '-'})` : ''} (conf ${(r.match?.confidence ?? 0).toFixed(2)}; top3 ${r.candidates.join(', ')})`);
      }
      fileTally[1]++;
      if (got === item.expected) fileTally[0]++;
      if (verbose) out(`${language} ${got === item.expected ? 'ok  ' : 'MISS'} ${f} ${item.q} -> ${got} (${r.match?.confidence.toFixed(2) ?? '-'})`);
    }
    g.byFile.set(f, fileTally);
  }

  out(`Assistant retrieval eval: ${knowledge.entries.length} bank entries (${LANGS.map((l) => `${l} ${knowledge.entries.filter((e) => e.language === l).length}`).join(', ')}), min confidence ${MIN_CONFIDENCE}`);
  for (const g of groups) {
    out('');
    out(`== ${g.title}`);
    if (g.name === 'held-out' && tuningOnly) { out('   not scored (--tuning-only)'); continue; }
    if (g.files.length === 0) failures.push(`${g.name}: no eval files`);
    out('language    questions  top-1    top-3    on-topic top-1  off-topic -> null  on-topic -> null  target top-1 >= 90%, off-topic -> null >= 90%');
    const all = blank();
    for (const l of LANGS) {
      const t = g.byLang.get(l)!;
      for (const k of Object.keys(all) as Array<keyof Tally>) all[k] += t[k];
      const top1Ok = t.n > 0 && t.top1 / t.n >= TARGET_TOP1;
      const nullOk = t.nullN === 0 || t.nullOk / t.nullN >= TARGET_OFF_TOPIC;
      if (t.n === 0) failures.push(`${g.name} ${l}: no questions`);
      else if (!top1Ok) failures.push(`${g.name} ${l}: top-1 ${pct(t.top1, t.n).trim()} is below the 90% target`);
      if (!nullOk) failures.push(`${g.name} ${l}: ${t.nullN - t.nullOk} of ${t.nullN} off-topic questions got an answer (target: at most 10%)`);
      const verdict = t.n === 0 ? 'NO DATA' : top1Ok && nullOk ? 'PASS' : 'FAIL';
      out(`${l.padEnd(11)} ${String(t.n).padStart(9)}  ${pct(t.top1, t.n)}   ${pct(t.top3, t.n)}   ${pct(t.posTop1, t.posN)}          ${pct(t.nullOk, t.nullN)} (${t.nullOk}/${t.nullN})    ${String(t.falseNull).padStart(4)}             ${verdict}`);
    }
    out(`${'overall'.padEnd(11)} ${String(all.n).padStart(9)}  ${pct(all.top1, all.n)}   ${pct(all.top3, all.n)}   ${pct(all.posTop1, all.posN)}          ${pct(all.nullOk, all.nullN)} (${all.nullOk}/${all.nullN})    ${String(all.falseNull).padStart(4)}`);
    out('top-1 per eval file:');
    for (const [f, [hit, n]] of g.byFile) out(`  ${f.padEnd(26)} ${pct(hit, n)} (${hit}/${n})`);
    out(`Misses (${g.misses.length}):`);
    for (const m of g.misses) out(`  ${m}`);
  }
  out('');
  out('(top-1: the expected entry, or no match for an off-topic question; top-3: the expected entry among the 3 candidates of an answered question)');

  // Numbers in answers vs the fact sheet.
  out('');
  if (fs.existsSync(FACTS)) {
    const factNumbers = new Set(numbersOf(fs.readFileSync(FACTS, 'utf8')));
    let ok = 0;
    const bad: string[] = [];
    for (const e of knowledge.entries) {
      const missing = numbersOf(e.answer).filter((n) => !factNumbers.has(n));
      if (missing.length === 0) ok++;
      else bad.push(`[${e.language}] ${e.id}: ${[...new Set(missing)].join(', ')}`);
    }
    out(`Answers whose numbers all appear in the fact sheet: ${pct(ok, knowledge.entries.length)} (${ok}/${knowledge.entries.length})`);
    for (const b of bad) out(`  not in fact sheet: ${b}`);
    if (bad.length > 0) failures.push(`fact sheet: ${bad.length} answers state numbers that are not in ${path.relative(ROOT, FACTS)}`);
  } else {
    failures.push(`fact sheet not found at ${FACTS}`);
  }
}

await scoreAnswers();

out('');
if (failures.length > 0) {
  for (const f of failures) out(`TARGET FAILED: ${f}`);
  process.exit(1);
}
out(`All targets met${tuningOnly ? ' (tuning parts only: the held-out part was not scored)' : ''}.`);
process.exit(0);
