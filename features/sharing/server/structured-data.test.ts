import { createRequire } from 'node:module';
import fs from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the package ships JavaScript without type declarations; ValidatorClass below types what is used
import UntypedValidator from '@adobe/structured-data-validator';
import { JsonLd } from '@/components/ui/json-ld';
import { serializeJsonLd } from '@/lib/json-ld';
import {
  IN_LANGUAGE,
  ITEM_LIST_MAX,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_NAME_MAX,
  breadcrumbListLd,
  isoDateTime,
  isoDuration,
  itemListLd,
  jsonLdGraph,
  organizationId,
  organizationLd,
  truncateGraphemes,
  videoObjectLd,
  type VideoInput,
} from './structured-data';

/**
 * The nodes are checked by @adobe/structured-data-validator, offline: its
 * Google Rich Results rules (required and recommended properties of
 * VideoObject, BreadcrumbList, ListItem, Organization, ImageObject) are
 * code in the package. Its schema.org check needs the vocabulary as
 * schema.org's JSON-LD (its README fetches
 * schema.org/version/latest/schemaorg-all-https.jsonld at run time); tests
 * use no network, so the vocabulary is rebuilt here from schema-dts, which
 * is generated from that same file and pinned in package.json: every
 * `XBase` interface is a class with its own properties and its parents,
 * every `XLeaf` names a class by its "@type". Google's carousel (ItemList)
 * has no rule in the validator, so its table is written out below.
 */

type Issue = { issueMessage: string; severity: 'ERROR' | 'WARNING'; fieldNames?: string[]; errorType?: string; path?: unknown };
/** The validator's API as its README gives it: `new Validator(schemaOrgJson).validate(extracted)`. */
type ValidatorClass = new (schemaOrgJson: object) => { validate(extracted: { jsonld: Record<string, object[]> }): Promise<Issue[]> };
const Validator = UntypedValidator as ValidatorClass;

function schemaOrgVocabulary() {
  const file = createRequire(import.meta.url).resolve('schema-dts/dist/schema.d.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const classes = new Map<string, Set<string>>(); // class -> parents
  const domains = new Map<string, Set<string>>(); // property -> classes
  const addClass = (name: string, parents: string[]) => {
    const set = classes.get(name) ?? new Set<string>();
    parents.forEach((p) => set.add(p));
    classes.set(name, set);
  };
  for (const st of source.statements) {
    if (!ts.isInterfaceDeclaration(st)) continue;
    const parents = (st.heritageClauses ?? [])
      .flatMap((h) => h.types.map((t) => t.expression.getText(source)))
      .filter((n) => n.endsWith('Base'))
      .map((n) => n.slice(0, -'Base'.length));
    const name = st.name.text;
    if (name.endsWith('Base')) {
      const cls = name.slice(0, -'Base'.length);
      addClass(cls, parents);
      for (const m of st.members) {
        if (!ts.isPropertySignature(m) || !m.name || !ts.isStringLiteral(m.name) || m.name.text.startsWith('@')) continue;
        const set = domains.get(m.name.text) ?? new Set<string>();
        set.add(cls);
        domains.set(m.name.text, set);
      }
    } else if (name.endsWith('Leaf')) {
      const typeMember = st.members.find((m) => ts.isPropertySignature(m) && m.name && ts.isStringLiteral(m.name) && m.name.text === '@type');
      const literal = typeMember && ts.isPropertySignature(typeMember) && typeMember.type && ts.isLiteralTypeNode(typeMember.type)
        && ts.isStringLiteral(typeMember.type.literal) ? typeMember.type.literal.text : null;
      // A leaf of its own base is that class; a leaf of another class's base is a subclass with no properties of its own.
      if (literal && !(parents.length === 1 && parents[0] === literal)) addClass(literal, parents);
    }
  }
  const id = (n: string) => ({ '@id': `schema:${n}` });
  return {
    '@graph': [
      ...[...classes].map(([c, parents]) => ({ '@id': `schema:${c}`, '@type': 'rdfs:Class', 'rdfs:subClassOf': [...parents].map(id) })),
      ...[...domains].map(([p, cs]) => ({ '@id': `schema:${p}`, '@type': 'rdf:Property', 'schema:domainIncludes': [...cs].map(id) })),
    ],
  };
}

const vocabulary = schemaOrgVocabulary();

/** A node as the page's JSON carries it (what a crawler reads), for property-level assertions. */
function plain(node: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(node)) as Record<string, unknown>;
}

/** Issues of one top-level node, as the validator reports a page's JSON-LD of that type. */
async function validate(node: unknown): Promise<Issue[]> {
  const copy = plain(node);
  return new Validator(vocabulary).validate({ jsonld: { [String(copy['@type'])]: [copy] } });
}

const errorsOf = (issues: Issue[]) => issues.filter((i) => i.severity === 'ERROR');
const vocabularyIssuesOf = (issues: Issue[]) => issues.filter((i) => i.errorType === 'schemaOrg');

/**
 * Google's VideoObject recommendations these builders leave out on purpose
 * (reels do not expire, have no clips, live broadcasts, region limits or
 * public view counts). Any other warning (description, duration,
 * contentUrl/embedUrl missing) fails the test.
 */
const VIDEO_OPTIONAL_LEFT_OUT = ['expires', 'hasPart', 'publication', 'ineligibleRegion', 'regionsAllowed', 'interactionStatistic', 'interactionCount'];
const unexpectedWarnings = (issues: Issue[]) => issues.filter(
  (i) => i.severity === 'WARNING' && !(i.fieldNames ?? []).every((f) => VIDEO_OPTIONAL_LEFT_OUT.includes(f)),
);

/**
 * Google Search Central, "Carousel (ItemList) structured data", summary page:
 * ItemList.itemListElement required; each ListItem requires position and
 * url. The validator has no ItemList rule, so this table checks it.
 */
function carouselProblems(node: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (node['@type'] !== 'ItemList') problems.push('@type is not ItemList');
  const items = node.itemListElement;
  if (!Array.isArray(items) || items.length === 0) return [...problems, 'itemListElement is required'];
  items.forEach((it: Record<string, unknown>, i) => {
    if (it['@type'] !== 'ListItem') problems.push(`item ${i + 1}: @type is not ListItem`);
    if (it.position !== i + 1) problems.push(`item ${i + 1}: position is required and counts from 1`);
    if (typeof it.url !== 'string' || !isAbsolute(it.url)) problems.push(`item ${i + 1}: url is required and absolute`);
  });
  return problems;
}

function isAbsolute(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Every string under a URL-valued property of `node`, at any depth. */
function urlsOf(node: unknown, key = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((n) => urlsOf(n, key));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => urlsOf(v, k));
  return typeof node === 'string' && /(^|[a-z])(url|Url|item|@id)$/.test(key) ? [node] : [];
}

const SITE = 'https://reels.surya.example/';
const publisher = { '@id': organizationId(SITE) };

const english: VideoInput = {
  name: 'PM Surya Ghar: how the rooftop solar subsidy is paid',
  description: 'The subsidy reaches your bank account about 30 days after the net meter is installed. Here is each step.',
  thumbnailUrl: 'https://media.surya.example/content/3f2a/poster.jpg',
  uploadDate: new Date('2026-03-01T09:15:00Z'),
  durationS: 65.2,
  contentUrl: 'https://media.surya.example/content/3f2a/master.m3u8',
  embedUrl: 'https://reels.surya.example/embed/3f2a9c1d0e',
  url: 'https://reels.surya.example/share/3f2a9c1d0e',
  inLanguage: 'en',
  publisher,
};
const hindi: VideoInput = {
  ...english,
  name: 'सोलर रूफटॉप सब्सिडी: ₹78,000 तक कैसे मिलती है',
  description: 'नेट मीटर लगने के लगभग 30 दिन बाद सब्सिडी सीधे आपके बैंक खाते में आती है। हर कदम यहाँ देखें।',
  uploadDate: '2026-03-02 14:45:00+05:30',
  durationS: 3725,
  embedUrl: undefined,
  url: 'https://reels.surya.example/share/9b1c0d2e3f',
  inLanguage: 'hi',
};
const hinglish: VideoInput = {
  ...english,
  name: 'Solar rooftop ka subsidy kab milta hai?',
  description: 'Net meter lagne ke baad lagbhag 30 din mein subsidy aapke bank account mein aa jaati hai.',
  uploadDate: '2026-03-03T08:00:00.000+05:30',
  durationS: 59.6,
  url: 'https://reels.surya.example/share/5e6f7a8b9c',
  inLanguage: 'he',
};

const organization = () => organizationLd({
  name: 'Surya Reels',
  url: SITE,
  logo: { url: 'https://reels.surya.example/apple-icon.png', width: 180, height: 180 },
});

describe('isoDuration', () => {
  it.each([
    [0.4, 'PT1S'],
    [1, 'PT1S'],
    [59.4, 'PT59S'],
    [59.6, 'PT1M'],
    [60, 'PT1M'],
    [65.2, 'PT1M5S'],
    [3600, 'PT1H'],
    [3725, 'PT1H2M5S'],
    [7260, 'PT2H1M'],
  ])('%s s is %s', (seconds, iso) => {
    expect(isoDuration(seconds)).toBe(iso);
  });

  it('gives no duration (null) for an unknown, zero, negative or non-finite length, never PT0S or PT', () => {
    for (const s of [null, undefined, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) expect(isoDuration(s)).toBeNull();
  });
});

describe('isoDateTime', () => {
  it('writes a Date or a zoned string as ISO 8601 in UTC', () => {
    expect(isoDateTime(new Date('2026-03-01T09:15:00Z'))).toBe('2026-03-01T09:15:00.000Z');
    expect(isoDateTime('2026-03-02 14:45:00+05:30')).toBe('2026-03-02T09:15:00.000Z');
    expect(isoDateTime('2026-03-02T14:45:00+0530')).toBe('2026-03-02T09:15:00.000Z');
  });

  it('refuses a string without a time zone rather than read it in the server\'s zone', () => {
    expect(() => isoDateTime('2026-03-02 14:45:00')).toThrow(/time zone/);
    expect(() => isoDateTime('2026-03-02')).toThrow(/time zone/);
    expect(() => isoDateTime('not a dateZ')).toThrow(RangeError);
    expect(() => isoDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('truncateGraphemes', () => {
  it('keeps short text (white space tidied) as it is', () => {
    expect(truncateGraphemes('  सोलर   सब्सिडी \n', 100)).toBe('सोलर सब्सिडी');
  });

  it('cuts a long Devanagari text between grapheme clusters, never inside one, within the limit', () => {
    const text = 'क्षि'.repeat(40); // four code units, one grapheme cluster
    const cut = truncateGraphemes(text, VIDEO_NAME_MAX);
    expect(cut.length).toBeLessThanOrEqual(VIDEO_NAME_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.slice(0, -1)).toBe('क्षि'.repeat(24));
  });

  it('never halves an emoji (a surrogate pair)', () => {
    const cut = truncateGraphemes('☀️🔆'.repeat(60), 10);
    expect(cut.length).toBeLessThanOrEqual(10);
    expect(cut).toBe(`${'☀️🔆'.repeat(2)}…`);
  });
});

describe('organizationLd', () => {
  it('builds an Organization the validator passes, with an @id other nodes reference', async () => {
    const org = organization();
    expect(org).toMatchObject({ '@type': 'Organization', '@id': 'https://reels.surya.example/#organization', url: SITE });
    const issues = await validate(org);
    expect(issues).toEqual([]);
    expect(urlsOf(org).every(isAbsolute)).toBe(true);
  });

  it('refuses a logo smaller than 112x112 px and a relative URL', () => {
    expect(() => organizationLd({ name: 'S', url: SITE, logo: { url: `${SITE}icon.png`, width: 64, height: 180 } })).toThrow(/112x112/);
    expect(() => organizationLd({ name: 'S', url: '/', logo: { url: `${SITE}apple-icon.png`, width: 180, height: 180 } })).toThrow(/absolute/);
  });
});

describe('videoObjectLd', () => {
  it.each([
    ['English', english, 'en-IN', 'PT1M5S'],
    ['Hindi (Devanagari)', hindi, 'hi-IN', 'PT1H2M5S'],
    ['Hinglish (wire code he)', hinglish, 'hi-Latn', 'PT1M'],
  ])('%s: passes Google\'s VideoObject rules and schema.org\'s vocabulary', async (_label, input, lang, duration) => {
    const video = plain(videoObjectLd(input));
    const issues = await validate(video);
    expect(errorsOf(issues)).toEqual([]);
    expect(vocabularyIssuesOf(issues)).toEqual([]);
    expect(unexpectedWarnings(issues)).toEqual([]);

    expect(video.inLanguage).toBe(lang);
    expect(['en-IN', 'hi-IN', 'hi-Latn']).toContain(video.inLanguage);
    expect(video.inLanguage).not.toMatch(/^he\b/);

    expect(video.duration).toBe(duration);
    expect(video.duration).toMatch(/^P(T(\d+H)?(\d+M)?(\d+S)?)$/);
    expect(video.duration).not.toBe('PT');

    const upload = String(video.uploadDate);
    expect(upload).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
    expect(Number.isNaN(Date.parse(upload))).toBe(false);

    expect(video.description).toBe(input.description);
    expect(video.publisher).toEqual({ '@id': 'https://reels.surya.example/#organization' });
    const urls = urlsOf(video);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    expect(urls.filter((u) => !isAbsolute(u))).toEqual([]);
  });

  it('maps he to hi-Latn, never to Hebrew', () => {
    expect(IN_LANGUAGE.he).toBe('hi-Latn');
    expect(videoObjectLd(hinglish).inLanguage).toBe('hi-Latn');
  });

  it('falls back to the name for an empty description and leaves out an unknown duration', () => {
    const video = plain(videoObjectLd({ ...english, description: '  ', durationS: null }));
    expect(video.description).toBe(english.name);
    expect(video).not.toHaveProperty('duration');
  });

  it('cuts a long name to 100 and a long description to 2048 code units on grapheme boundaries', () => {
    const video = plain(videoObjectLd({ ...hindi, name: 'सब्सिडी '.repeat(30), description: 'नेट मीटर '.repeat(400) })) as Record<string, string>;
    expect(video.name.length).toBeLessThanOrEqual(VIDEO_NAME_MAX);
    expect(video.description.length).toBeLessThanOrEqual(VIDEO_DESCRIPTION_MAX);
    expect(video.name.endsWith('…')).toBe(true);
    // a cut inside a cluster would leave a bare virama or vowel sign before the ellipsis
    expect(video.name.slice(0, -1)).toMatch(/[\u0915-\u0939\u093e-\u094c ]$/u);
    expect(video.name).not.toMatch(/\u094d…$/);
  });

  it('refuses a relative URL and a zoneless upload time', () => {
    expect(() => videoObjectLd({ ...english, thumbnailUrl: '/poster.jpg' })).toThrow(/absolute/);
    expect(() => videoObjectLd({ ...english, uploadDate: '2026-03-01 09:15:00' })).toThrow(/time zone/);
  });

  it('fails the validator when a required property is missing (the check can fail)', async () => {
    const video = plain(videoObjectLd(english));
    for (const required of ['name', 'thumbnailUrl', 'uploadDate']) {
      const { [required]: _dropped, ...rest } = video;
      const errors = errorsOf(await validate(rest));
      expect(errors.map((e) => e.fieldNames)).toContainEqual([required]);
    }
    const noDuration = unexpectedWarnings(await validate({ ...video, duration: undefined }));
    expect(noDuration.map((w) => w.fieldNames)).toContainEqual(['duration']);
    const misspelt = vocabularyIssuesOf(await validate({ ...video, uploadDte: video.uploadDate }));
    expect(misspelt.map((w) => w.fieldNames)).toEqual([['uploadDte']]);
  });
});

describe('itemListLd', () => {
  const items = [
    { url: 'https://reels.surya.example/share/3f2a9c1d0e', name: 'How the subsidy is paid' },
    { url: 'https://reels.surya.example/share/9b1c0d2e3f', name: 'सब्सिडी कैसे मिलती है' },
    { url: 'https://reels.surya.example/share/5e6f7a8b9c' },
  ];

  it('lists ListItems with position from 1 and url (Google\'s carousel summary page form)', async () => {
    const list = plain(itemListLd(items));
    expect(carouselProblems(list)).toEqual([]);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, url: items[0].url, name: items[0].name },
      { '@type': 'ListItem', position: 2, url: items[1].url, name: items[1].name },
      { '@type': 'ListItem', position: 3, url: items[2].url },
    ]);
    const issues = await validate(list);
    expect(vocabularyIssuesOf(issues)).toEqual([]);
    // The validator's ListItem rule is the breadcrumb's (a name); Google's carousel needs none, so only that may show.
    expect(issues.filter((i) => !(i.fieldNames ?? []).every((f) => f === 'name' || f === 'item.name'))).toEqual([]);
  });

  it('returns null for an empty list and keeps at most 50 items', () => {
    expect(itemListLd([])).toBeNull();
    const many = Array.from({ length: 80 }, (_, i) => ({ url: `https://reels.surya.example/share/${i}` }));
    const list = plain(itemListLd(many)) as { itemListElement: { position: number }[] };
    expect(list.itemListElement).toHaveLength(ITEM_LIST_MAX);
    expect(list.itemListElement.at(-1)?.position).toBe(50);
  });

  it('the carousel table fails a list item without url or position (the check can fail)', () => {
    const list = plain(itemListLd(items)) as { itemListElement: Record<string, unknown>[] };
    const { url: _u, ...noUrl } = list.itemListElement[0];
    expect(carouselProblems({ ...list, itemListElement: [noUrl] })).toEqual(['item 1: url is required and absolute']);
    const { position: _p, ...noPosition } = list.itemListElement[0];
    expect(carouselProblems({ ...list, itemListElement: [noPosition] })).toEqual(['item 1: position is required and counts from 1']);
    expect(carouselProblems({ '@type': 'ItemList' })).toEqual(['itemListElement is required']);
  });
});

describe('breadcrumbListLd', () => {
  const crumbs = [
    { name: 'Home', url: SITE },
    { name: 'सोलर रूफटॉप', url: 'https://reels.surya.example/topics/solar-rooftop' },
    { name: 'Subsidy kab milta hai?' },
  ];

  it('lists position, name and item, the last crumb without a URL, and passes the validator', async () => {
    const list = plain(breadcrumbListLd(crumbs));
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: SITE },
      { '@type': 'ListItem', position: 2, name: 'सोलर रूफटॉप', item: crumbs[1].url },
      { '@type': 'ListItem', position: 3, name: 'Subsidy kab milta hai?' },
    ]);
    expect(await validate(list)).toEqual([]);
    expect(urlsOf(list).every(isAbsolute)).toBe(true);
  });

  it('throws, naming the rule, when a crumb other than the last has no URL', () => {
    expect(() => breadcrumbListLd([{ name: 'Home' }, { name: 'Topic', url: SITE }])).toThrow(/only the last crumb may lack one/);
    expect(() => breadcrumbListLd([])).toThrow(/at least one crumb/);
  });

  it('the validator flags a middle crumb without item (the check can fail)', async () => {
    const list = plain(breadcrumbListLd(crumbs)) as { itemListElement: Record<string, unknown>[] };
    const { item: _i, ...bare } = list.itemListElement[1];
    const issues = await validate({ ...list, itemListElement: [list.itemListElement[0], bare, list.itemListElement[2]] });
    expect(issues.map((i) => i.issueMessage)).toContain('Field "item" with URL is missing');
  });
});

describe('jsonLdGraph and the page\'s script element', () => {
  it('gathers the nodes under one @context, dropping nulls', () => {
    const graph = jsonLdGraph(organization(), videoObjectLd(english), itemListLd([]), null, undefined);
    expect(graph['@context']).toBe('https://schema.org');
    expect(graph['@graph'].map((n) => (n as { '@type': string })['@type'])).toEqual(['Organization', 'VideoObject']);
  });

  it('a description that tries to close the script element stays inside it', () => {
    const attack = '</script><script>alert(1)</script>';
    const graph = jsonLdGraph(organization(), videoObjectLd({ ...english, description: attack }));
    const html = renderToStaticMarkup(createElement(JsonLd, { data: graph }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
    const text = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(text).toBe(serializeJsonLd(graph));
    expect((JSON.parse(text) as typeof graph)['@graph'][1]).toMatchObject({ description: attack });
  });
});
