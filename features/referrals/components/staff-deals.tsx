'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useCreateDeal, useStaffAllDeals, useUpdateDeal, type DealInput, type DealTexts, type StaffDeal } from '../api/referrals';
import { Loading, ui, useInr } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/** A deal's url_id: lower-case letters and digits in words joined by single dashes (as the server's URL_ID_RE). */
const URL_ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Limits of the server's dealFieldsSchema (features/referrals/server/deals.ts). */
export const DEAL_LIMITS = {
  urlIdMin: 3, urlIdMax: 80, titleMax: 120, ribbonMax: 16, descriptionMax: 2000, termsMax: 4000,
  rewardMax: 1_000_000, sortOrderMax: 100_000,
} as const;

/** The texts a deal has in Hindi and Hinglish too, with the limits of their English fields. */
const TEXT_FIELDS = [
  ['title', DEAL_LIMITS.titleMax], ['ribbon', DEAL_LIMITS.ribbonMax],
  ['description', DEAL_LIMITS.descriptionMax], ['terms', DEAL_LIMITS.termsMax],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];
const OTHER_LANGS = ['hi', 'he'] as const;
type OtherLang = (typeof OTHER_LANGS)[number];
/** A translated text's form key, e.g. `hi.title`. */
type TrKey = `${OtherLang}.${TextField}`;

/** The form's values, as typed (numbers as text). */
interface DealForm {
  /** Hindi and Hinglish texts by `lang.field`; empty = the English text is shown. */
  tr: Record<TrKey, string>;
  url_id: string;
  title: string;
  ribbon: string;
  description: string;
  terms: string;
  reward_inr: string;
  customers_only: boolean;
  active: boolean;
  sort_order: string;
}

/** The checked values. */
type DealDraft = DealInput;

type FieldName = Exclude<keyof DealForm, 'tr'>;
type Problems = Partial<Record<FieldName | TrKey, string>>;

function trOf(t: DealTexts | undefined): Record<TrKey, string> {
  const out = {} as Record<TrKey, string>;
  for (const l of OTHER_LANGS) for (const [f] of TEXT_FIELDS) out[`${l}.${f}`] = t?.[l]?.[f] ?? '';
  return out;
}

/** The form's translated texts as the API takes them, or undefined when every one is empty. */
function textsOf(tr: Record<TrKey, string>): DealTexts | undefined {
  const out: DealTexts = {};
  for (const l of OTHER_LANGS) {
    for (const [f] of TEXT_FIELDS) {
      const v = tr[`${l}.${f}`].trim();
      if (v) out[l] = { ...out[l], [f]: v };
    }
  }
  return Object.keys(out).length ? out : undefined;
}

const EMPTY: DealForm = {
  url_id: '', title: '', ribbon: '', description: '', terms: '', reward_inr: '0', customers_only: false, active: true, sort_order: '0',
  tr: trOf(undefined),
};

function formOf(d: StaffDeal): DealForm {
  return {
    tr: trOf(d.translations),
    url_id: d.url_id, title: d.title, ribbon: d.ribbon ?? '', description: d.description, terms: d.terms ?? '',
    reward_inr: String(d.reward_inr), customers_only: d.customers_only, active: d.active, sort_order: String(d.sort_order),
  };
}

function intIn(s: string, max: number): number | null {
  const t = s.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= max ? n : null;
}

/**
 * Checks a deal form as the server would (dealFieldsSchema): the problems
 * by field as message keys under `staff.dealsAdmin.invalid`, and the
 * cleaned values. `withUrlId` for a new deal.
 */
function check(f: DealForm, withUrlId: boolean): { problems: Problems; value: DealDraft } {
  const problems: Problems = {};
  const url_id = f.url_id.trim().toLowerCase();
  if (withUrlId && (url_id.length < DEAL_LIMITS.urlIdMin || url_id.length > DEAL_LIMITS.urlIdMax || !URL_ID_RE.test(url_id))) problems.url_id = 'urlId';
  const title = f.title.trim();
  if (title.length < 1 || title.length > DEAL_LIMITS.titleMax) problems.title = 'title';
  const ribbon = f.ribbon.trim();
  if (ribbon.length > DEAL_LIMITS.ribbonMax) problems.ribbon = 'ribbon';
  const description = f.description.trim();
  if (description.length > DEAL_LIMITS.descriptionMax) problems.description = 'description';
  const terms = f.terms.trim();
  if (terms.length > DEAL_LIMITS.termsMax) problems.terms = 'terms';
  const reward = intIn(f.reward_inr, DEAL_LIMITS.rewardMax);
  if (reward === null) problems.reward_inr = 'reward';
  const sort = intIn(f.sort_order, DEAL_LIMITS.sortOrderMax);
  if (sort === null) problems.sort_order = 'sortOrder';
  for (const l of OTHER_LANGS) {
    for (const [k, max] of TEXT_FIELDS) if (f.tr[`${l}.${k}`].trim().length > max) problems[`${l}.${k}`] = k;
  }
  const translations = textsOf(f.tr);
  return {
    problems,
    value: {
      url_id, title, ribbon: ribbon || null, description, terms, reward_inr: reward ?? 0,
      customers_only: f.customers_only, active: f.active, sort_order: sort ?? 0,
      ...(translations ? { translations } : {}),
    },
  };
}

/**
 * The staff's deals section (docs/api/referrals.md POST/PATCH deals): every
 * deal, inactive ones too (GET staff/all_deals), with an edit form each, and a form for a new deal. Closed until opened, so the staff
 * screen asks for deals only when staff want them.
 */
export function StaffDealsAdmin() {
  const t = useTranslations('staff.dealsAdmin');
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="staff-deals-admin-h" className="flex flex-col gap-3">
      <h2 id="staff-deals-admin-h" className={ui.h2}>{t('title')}</h2>
      <div>
        <button type="button" className={ui.secondary} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('hide') : t('show')}
        </button>
      </div>
      {open ? <DealsList /> : null}
    </section>
  );
}

function DealsList() {
  const t = useTranslations('staff.dealsAdmin');
  const errorText = useErrorText();
  const deals = useStaffAllDeals();
  const [creating, setCreating] = useState(false);
  return (
    <>
      {creating ? (
        <DealEditor onDone={() => setCreating(false)} />
      ) : (
        <div>
          <button type="button" className={ui.primary} onClick={() => setCreating(true)}>{t('new')}</button>
        </div>
      )}
      {deals.isPending ? <Loading label={t('loading')} /> : null}
      {deals.isError ? <p role="alert" className={ui.error}>{errorText(deals.error)}</p> : null}
      {deals.data && deals.data.length === 0 ? <p className={ui.muted}>{t('none')}</p> : null}
      {deals.data ? (
        <ul className="flex flex-col gap-3">
          {deals.data.map((d) => <DealItem key={d.id} d={d} />)}
        </ul>
      ) : null}
    </>
  );
}

function DealItem({ d }: { d: StaffDeal }) {
  const t = useTranslations('staff.dealsAdmin');
  const inr = useInr();
  const [editing, setEditing] = useState(false);
  return (
    <li className={`${ui.card} flex flex-col gap-2`} aria-label={d.title}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{d.title}</span>
        {d.ribbon ? <span className={`${ui.chip} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`}>{d.ribbon}</span> : null}
        {d.is_sample ? (
          <span className={`${ui.chip} bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200`}>{t('sample')}</span>
        ) : null}
        {d.customers_only ? (
          <span className={`${ui.chip} bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200`}>{t('customersOnlyChip')}</span>
        ) : null}
        {d.active ? null : (
          <span className={`${ui.chip} bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200`}>{t('inactiveChip')}</span>
        )}
      </div>
      <span className={ui.muted}>{t('summary', { url_id: d.url_id, reward: inr(d.reward_inr) })}</span>
      {editing ? (
        <DealEditor deal={d} onDone={() => setEditing(false)} />
      ) : (
        <div>
          <button type="button" className={ui.secondary} onClick={() => setEditing(true)}>{t('edit')}</button>
        </div>
      )}
    </li>
  );
}

/** The changed fields of an edit: only what differs from the deal as listed. */
function changes(d: StaffDeal, v: DealDraft): Partial<DealInput> {
  const patch: Partial<DealInput> = {};
  if (v.title !== d.title) patch.title = v.title;
  if (v.ribbon !== (d.ribbon || null)) patch.ribbon = v.ribbon;
  if (v.description !== d.description) patch.description = v.description;
  if (v.terms !== (d.terms ?? '')) patch.terms = v.terms;
  if (v.reward_inr !== d.reward_inr) patch.reward_inr = v.reward_inr;
  if (v.customers_only !== d.customers_only) patch.customers_only = v.customers_only;
  if (v.active !== d.active) patch.active = v.active;
  if (v.sort_order !== d.sort_order) patch.sort_order = v.sort_order;
  // Both languages in full when any text changed: the server replaces a language given, and an empty text clears it.
  const before = trOf(d.translations);
  const after = trOf(v.translations);
  if ((Object.keys(after) as TrKey[]).some((k) => after[k] !== before[k])) {
    patch.translations = Object.fromEntries(OTHER_LANGS.map((l) => [l, Object.fromEntries(TEXT_FIELDS.map(([f]) => [f, after[`${l}.${f}`]]))]));
  }
  return patch;
}

/** The form of a new deal (no `deal`) or of an edit (`deal`); `onDone` after a save or cancel. */
function DealEditor({ deal, onDone }: { deal?: StaffDeal; onDone: () => void }) {
  const t = useTranslations('staff.dealsAdmin');
  const errorText = useErrorText();
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const [form, setForm] = useState<DealForm>(deal ? formOf(deal) : EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [nothing, setNothing] = useState(false);
  const id = useId();
  const busy = create.isPending || update.isPending;
  const failed = deal ? update : create;

  const set = <K extends FieldName>(k: K, v: DealForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setNothing(false);
    const { problems: p, value } = check(form, !deal);
    setProblems(p);
    if (Object.keys(p).length > 0) return;
    if (deal) {
      const patch = changes(deal, value);
      if (Object.keys(patch).length === 0) {
        setNothing(true);
        return;
      }
      update.mutate({ id: deal.id, patch }, { onSuccess: onDone });
    } else {
      create.mutate(value, { onSuccess: onDone });
    }
  };

  /** A Hindi or Hinglish form of a text field, bounded like the English one. */
  const translated = (l: OtherLang, k: TextField, max: number, multiline: boolean) => {
    const key: TrKey = `${l}.${k}`;
    const fid = `${id}-${l}-${k}`;
    const err = problems[key];
    const props = {
      id: fid, className: ui.input, value: form.tr[key], maxLength: max, lang: l === 'hi' ? 'hi' : undefined,
      'aria-invalid': err ? true : undefined,
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, tr: { ...f.tr, [key]: e.target.value } })),
    };
    return (
      <div className="ml-3 flex flex-col gap-1">
        <label htmlFor={fid} className="text-sm font-medium">{t(`inLang.${l}`, { field: t(`field.${k}`) })}</label>
        {multiline ? <textarea rows={2} {...props} /> : <input {...props} />}
        {err ? <p role="alert" className={ui.error}>{t(`invalid.${err}`)}</p> : null}
      </div>
    );
  };
  const threeLang = (k: TextField, max: number, multiline = false) => (
    <div className="flex flex-col gap-2">
      {text(k, max, multiline)}
      {OTHER_LANGS.map((l) => <div key={l}>{translated(l, k, max, multiline)}</div>)}
    </div>
  );

  const text = (k: Exclude<FieldName, 'customers_only' | 'active'>, max: number, multiline = false, extra?: string) => {
    const fid = `${id}-${k}`;
    const err = problems[k];
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={fid} className="font-semibold">{t(`field.${k}`)}</label>
        {extra ? <span id={`${fid}-hint`} className={ui.muted}>{extra}</span> : null}
        {multiline ? (
          <textarea
            id={fid} className={ui.input} rows={3} value={form[k]} maxLength={max}
            aria-invalid={err ? true : undefined} aria-describedby={extra ? `${fid}-hint` : undefined}
            onChange={(e) => set(k, e.target.value)}
          />
        ) : (
          <input
            id={fid} className={ui.input} value={form[k]} maxLength={max}
            inputMode={k === 'reward_inr' || k === 'sort_order' ? 'numeric' : undefined}
            aria-invalid={err ? true : undefined} aria-describedby={extra ? `${fid}-hint` : undefined}
            onChange={(e) => set(k, e.target.value)}
          />
        )}
        {err ? <p role="alert" className={ui.error}>{t(`invalid.${err}`)}</p> : null}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={deal ? t('editLabel', { title: deal.title }) : t('newLabel')} className="flex flex-col gap-3">
      {deal ? null : text('url_id', DEAL_LIMITS.urlIdMax, false, t('urlIdHint'))}
      {threeLang('title', DEAL_LIMITS.titleMax)}
      {threeLang('ribbon', DEAL_LIMITS.ribbonMax)}
      {threeLang('description', DEAL_LIMITS.descriptionMax, true)}
      {threeLang('terms', DEAL_LIMITS.termsMax, true)}
      {text('reward_inr', 7)}
      {text('sort_order', 6)}
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={form.customers_only} onChange={(e) => set('customers_only', e.target.checked)} />
        {t('field.customers_only')}
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
        {t('field.active')}
      </label>
      {nothing ? <p role="status" className={ui.muted}>{t('noChanges')}</p> : null}
      {failed.isError ? <p role="alert" className={ui.error}>{errorText(failed.error)}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={ui.primary} disabled={busy}>{deal ? t('save') : t('create')}</button>
        <button type="button" className={ui.secondary} disabled={busy} onClick={onDone}>{t('cancel')}</button>
      </div>
    </form>
  );
}
