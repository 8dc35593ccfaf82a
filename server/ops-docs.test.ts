import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { metrics } from '@/lib/metrics';

/**
 * The alert rules and the Grafana dashboard in docs/ops/ name metrics by
 * string; a renamed metric would leave an alert that never fires and a
 * panel that stays empty. These tests read both files as Prometheus and
 * Grafana would and check every series they query is one this app
 * exports (or node_exporter's, for the disk alert).
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, 'docs/ops', file), 'utf8');

/** PromQL's own words: functions, aggregations, modifiers. Anything else followed by `{`, `[` or standing alone is a series name. */
const PROMQL_WORDS = new Set([
  'sum', 'max', 'min', 'avg', 'count', 'by', 'without', 'rate', 'irate', 'increase', 'histogram_quantile',
  'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'le',
]);
/** Series from node_exporter, which each machine runs beside the app (docs/ops/metrics.md). */
const NODE_EXPORTER = /^node_/;

/** The series names a PromQL expression reads: identifiers outside braces that are not PromQL's own words. */
function seriesIn(expr: string): string[] {
  const outsideBraces = expr.replace(/\{[^}]*\}/g, ' ').replace(/"[^"]*"/g, ' ').replace(/\[[^\]]*\]/g, ' ');
  const byClauses = outsideBraces.replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const names = byClauses.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return names.filter((n) => !PROMQL_WORDS.has(n) && !/^\d/.test(n));
}

/** Every series name this process exposes: each metric, and a histogram's _bucket, _sum and _count. */
async function exportedSeries(): Promise<Set<string>> {
  const out = new Set<string>();
  for (const m of await metrics().registry.getMetricsAsJSON()) {
    out.add(m.name);
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_sum', '_count']) out.add(m.name + s);
  }
  return out;
}

describe('docs/ops alert rules and dashboard', () => {
  it('the expression reader finds series and skips PromQL words and label matchers', () => {
    expect(seriesIn('sum by (le, route) (rate(http_request_duration_seconds_bucket{route="/x",le="+Inf"}[5m])) > 0.01'))
      .toEqual(['http_request_duration_seconds_bucket']);
    expect(seriesIn('max(event_derivation_lag_seconds) / foo_total')).toEqual(['event_derivation_lag_seconds', 'foo_total']);
  });

  it('alerts.yml is a rule file whose every expression reads exported series', async () => {
    const doc = parse(read('alerts.yml')) as { groups: Array<{ name: string; rules: Array<{ alert: string; expr: string; for?: string; labels?: Record<string, string> }> }> };
    const exported = await exportedSeries();
    const rules = doc.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(expect.arrayContaining(['HighServerErrorRate', 'HighLatencyP95', 'EventDerivationLagging', 'JobsFailing', 'DiskAlmostFull']));
    for (const rule of rules) {
      expect(rule.expr, rule.alert).toBeTruthy();
      expect(rule.labels?.severity, rule.alert).toMatch(/^(page|warn)$/);
      const series = seriesIn(rule.expr);
      expect(series.length, rule.alert).toBeGreaterThan(0);
      for (const s of series) expect(exported.has(s) || NODE_EXPORTER.test(s), `${rule.alert} reads ${s}`).toBe(true);
    }
  });

  it('the Grafana dashboard is valid JSON whose every panel query reads exported series', async () => {
    const dashboard = JSON.parse(read('grafana-dashboard.json')) as { title: string; panels: Array<{ title: string; targets?: Array<{ expr?: string }> }> };
    const exported = await exportedSeries();
    expect(dashboard.title).toBeTruthy();
    const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr ?? '' })));
    expect(queries.length).toBeGreaterThan(10);
    for (const q of queries) {
      const series = seriesIn(q.expr.replaceAll('$__rate_interval', '5m'));
      expect(series.length, q.panel).toBeGreaterThan(0);
      for (const s of series) expect(exported.has(s) || NODE_EXPORTER.test(s), `panel "${q.panel}" reads ${s}`).toBe(true);
    }
  });
});
