'use client';

import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, HttpError } from '@/lib/http/client';
import { useErrorText } from '@/lib/use-error-text';
import {
  adminPartnersQueryOptions, createPartner, partnersKeys, setPartnerGuideVideo, setPartnerTopics, updatePartner, uploadPartnerLogo,
} from '../api/partners';
import {
  MAX_UNSKIPPABLE, PARTNER_FORM_FIELDS, PARTNER_UI_MODES, type CreatePartnerInput, type PartnerAdmin, type PartnerFormField,
  type PartnerUiMode,
} from '../schemas';
import { Button } from '@/components/ui/button';

/**
 * The admin's partner screen (ADMIN only; docs/api/partners.md): the list
 * of partners with their links, a form to create or edit one (name, call to
 * action, form fields, feed mode, offer and unskippable reels), its logo,
 * topics and guide video. Phone-first: one column, large touch targets.
 */
export function PartnersAdmin({ isAdmin }: { isAdmin: boolean }) {
  const t = useTranslations('partners.admin');
  const list = useQuery({ ...adminPartnersQueryOptions(), enabled: isAdmin });
  const [editing, setEditing] = useState<PartnerAdmin | 'new' | null>(null);

  if (!isAdmin) return <p role="alert" className="p-4">{t('notAllowed')}</p>;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 p-4 pb-24">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{t('intro')}</p>
      {editing ? (
        <PartnerEditor key={editing === 'new' ? 'new' : editing.id} partner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : (
        <Button type="button" onClick={() => setEditing('new')} data-testid="partner-new"
          size="md" className="min-h-11">
          {t('new')}
        </Button>
      )}
      {list.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {list.data && list.data.length === 0 ? <p>{t('empty')}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="partner-list">
        {list.data?.map((p) => (
          <li key={p.id} data-testid="partner-row" data-partner-id={p.id}
            className="flex items-center gap-3 rounded-2xl border border-neutral-200 p-3 dark:border-neutral-800">
            {p.logo_url ? <img src={p.logo_url} alt="" className="h-10 w-10 rounded-full object-cover" /> : null}
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{p.name}</p>
              <p className="truncate text-sm text-neutral-500">
                {p.id} · {p.active ? t('active') : t('inactive')}{p.ui_config ? ` · ${p.ui_config}` : ''}
              </p>
              <a href={`/reels?partner=${p.id}`} className="text-sm text-amber-700 underline dark:text-amber-400">{t('openFeed')}</a>
            </div>
            <button type="button" onClick={() => setEditing(p)} className="min-h-11 rounded-full border border-neutral-300 px-4 dark:border-neutral-700">
              {t('edit')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The editor's flat form state. */
interface Draft {
  id: string;
  name: string;
  cta_text: string;
  button_text: string;
  heading: string;
  fields: PartnerFormField[];
  thank_you: string;
  ui_config: PartnerUiMode | '';
  offer_text: string;
  quick_offer_text: string;
  image_url: string;
  show_button: boolean;
  unskippable_videos: number;
  active: boolean;
}

function draftOf(p: PartnerAdmin | null): Draft {
  return {
    id: p?.id ?? '',
    name: p?.name ?? '',
    cta_text: p?.ctaText ?? '',
    button_text: p?.button_text ?? '',
    heading: p?.formDetails.heading ?? '',
    fields: p?.formDetails.fields ?? ['name', 'phone'],
    thank_you: p?.formDetails.thank_you ?? '',
    ui_config: p?.ui_config ?? '',
    offer_text: p?.button_configs.offer_text ?? '',
    quick_offer_text: p?.button_configs.quick_offer_text ?? '',
    image_url: p?.button_configs.image_url ?? '',
    show_button: p?.button_configs.show_button ?? true,
    unskippable_videos: p?.button_configs.unskippable_videos ?? 0,
    active: p?.active ?? true,
  };
}

function bodyOf(d: Draft): CreatePartnerInput {
  const orNull = (s: string) => (s.trim() ? s.trim() : null);
  return {
    id: d.id.trim(),
    name: d.name,
    cta_text: d.cta_text,
    button_text: d.button_text,
    form_details: { heading: d.heading, fields: PARTNER_FORM_FIELDS.filter((f) => d.fields.includes(f)), thank_you: d.thank_you },
    ui_config: d.ui_config || null,
    button_configs: {
      offer_text: orNull(d.offer_text), quick_offer_text: orNull(d.quick_offer_text), image_url: orNull(d.image_url),
      show_button: d.show_button, unskippable_videos: d.unskippable_videos,
    },
    active: d.active,
  };
}

const input = 'min-h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-950';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      {children}
    </label>
  );
}

/**
 * A failed save in words: `errors.<code>` (lib/use-error-text.ts), except a
 * `validation_failed`, whose server message names the field ("slug: ...")
 * that this form does not mark by itself.
 */
function useSaveErrorText(): (err: unknown) => string {
  const errorText = useErrorText();
  return (err) => (err instanceof HttpError && err.code === 'validation_failed' ? err.message : errorText(err));
}

function PartnerEditor({ partner, onClose }: { partner: PartnerAdmin | null; onClose: () => void }) {
  const t = useTranslations('partners.admin');
  const errorText = useSaveErrorText();
  const qc = useQueryClient();
  const [d, setD] = useState<Draft>(() => draftOf(partner));
  const [status, setStatus] = useState<string | null>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const done = () => qc.invalidateQueries({ queryKey: partnersKeys.admin });

  const save = useMutation({
    mutationFn: () => {
      const b = bodyOf(d);
      if (!partner) return createPartner(b);
      const { id: _id, ...patch } = b;
      void _id;
      return updatePartner(partner.id, patch);
    },
    onSuccess: async () => {
      setStatus(t('saved'));
      await done();
      onClose();
    },
    onError: (err) => setStatus(t('failed', { message: errorText(err) })),
  });

  return (
    <form data-testid="partner-editor" className="flex flex-col gap-3 rounded-2xl border border-amber-500/50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        setStatus(null);
        save.mutate();
      }}>
      <Field label={t('id')}>
        <input className={input} name="id" value={d.id} readOnly={!!partner} required pattern="[a-z0-9][a-z0-9\-]{1,39}"
          onChange={(e) => set('id', e.target.value.toLowerCase())} />
      </Field>
      <Field label={t('name')}><input className={input} name="name" value={d.name} required onChange={(e) => set('name', e.target.value)} /></Field>
      <Field label={t('ctaText')}><input className={input} name="cta_text" value={d.cta_text} onChange={(e) => set('cta_text', e.target.value)} /></Field>
      <Field label={t('buttonText')}><input className={input} name="button_text" value={d.button_text} onChange={(e) => set('button_text', e.target.value)} /></Field>
      <Field label={t('heading')}><input className={input} name="heading" value={d.heading} required onChange={(e) => set('heading', e.target.value)} /></Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('fields')}</legend>
        <div className="flex flex-wrap gap-3">
          {PARTNER_FORM_FIELDS.map((f) => (
            <label key={f} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name={`field-${f}`} checked={d.fields.includes(f)} disabled={f === 'phone'}
                onChange={(e) => set('fields', e.target.checked ? [...d.fields, f] : d.fields.filter((x) => x !== f))} />
              {t(`fieldNames.${f}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t('thankYou')}><input className={input} name="thank_you" value={d.thank_you} required onChange={(e) => set('thank_you', e.target.value)} /></Field>
      <Field label={t('uiConfig')}>
        <select className={input} name="ui_config" value={d.ui_config} onChange={(e) => set('ui_config', e.target.value as Draft['ui_config'])}>
          <option value="">{t('modeNone')}</option>
          {PARTNER_UI_MODES.map((m) => (
            <option key={m} value={m}>{t(m === 'webadbased' ? 'modeWebadbased' : m === 'topvideos' ? 'modeTopvideos' : 'modeAwardbased')}</option>
          ))}
        </select>
      </Field>
      <Field label={t('offerText')}><input className={input} name="offer_text" value={d.offer_text} onChange={(e) => set('offer_text', e.target.value)} /></Field>
      <Field label={t('quickOfferText')}><input className={input} name="quick_offer_text" value={d.quick_offer_text} onChange={(e) => set('quick_offer_text', e.target.value)} /></Field>
      <Field label={t('imageUrl')}><input className={input} name="image_url" value={d.image_url} onChange={(e) => set('image_url', e.target.value)} /></Field>
      <Field label={t('unskippable')}>
        <input className={input} name="unskippable_videos" type="number" min={0} max={MAX_UNSKIPPABLE} value={d.unskippable_videos}
          onChange={(e) => set('unskippable_videos', Math.max(0, Math.min(MAX_UNSKIPPABLE, Number(e.target.value) || 0)))} />
      </Field>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="show_button" checked={d.show_button} onChange={(e) => set('show_button', e.target.checked)} />
        {t('showButton')}
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="active" checked={d.active} onChange={(e) => set('active', e.target.checked)} />
        {t('active')}
      </label>
      {status ? <p role="status" data-testid="partner-editor-status">{status}</p> : null}
      <div className="flex gap-3">
        <button type="submit" disabled={save.isPending} data-testid="partner-save"
          className="min-h-11 flex-1 rounded-full bg-amber-500 px-5 font-semibold text-black disabled:opacity-60">
          {partner ? t('save') : t('create')}
        </button>
        <button type="button" onClick={onClose} className="min-h-11 rounded-full border border-neutral-300 px-5 dark:border-neutral-700">{t('cancel')}</button>
      </div>
      {partner ? <PartnerExtras partner={partner} onChanged={done} /> : null}
    </form>
  );
}

/** Logo, topics and guide video of a saved partner. */
function PartnerExtras({ partner, onChanged }: { partner: PartnerAdmin; onChanged: () => Promise<void> }) {
  const t = useTranslations('partners.admin');
  const errorText = useSaveErrorText();
  const [msg, setMsg] = useState<string | null>(null);
  const [topicIds, setTopicIds] = useState<string[]>(partner.topic_ids);
  const [guide, setGuide] = useState(partner.guide_content_id ?? '');
  const topics = useQuery({
    queryKey: ['partners', 'topics'],
    queryFn: async () => ((await (await apiFetch('/uploader-read/api/v3/topics')).json()) as { topics: Array<{ id: string; name: string }> }).topics,
    staleTime: 60_000,
  });
  const run = (f: () => Promise<unknown>) => {
    setMsg(null);
    f().then(async () => {
      setMsg(t('saved'));
      await onChanged();
    }, (err: unknown) => setMsg(t('failed', { message: errorText(err) })));
  };

  return (
    <div className="flex flex-col gap-3 border-t border-neutral-200 pt-3 dark:border-neutral-800">
      <Field label={t('logo')}>
        <input type="file" accept="image/*" name="logo" className={input}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) run(() => uploadPartnerLogo(partner.id, f));
          }} />
      </Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('topics')}</legend>
        {topics.data?.map((tp) => (
          <label key={tp.id} className="flex min-h-11 items-center gap-2">
            <input type="checkbox" checked={topicIds.includes(tp.id)}
              onChange={(e) => setTopicIds(e.target.checked ? [...topicIds, tp.id] : topicIds.filter((x) => x !== tp.id))} />
            {tp.name}
          </label>
        ))}
        <button type="button" onClick={() => run(() => setPartnerTopics(partner.id, topicIds))}
          className="min-h-11 rounded-full border border-neutral-300 px-4 dark:border-neutral-700">{t('saveTopics')}</button>
      </fieldset>
      <Field label={t('guideVideo')}>
        <input className={input} name="guide_video" value={guide} onChange={(e) => setGuide(e.target.value.trim())} />
      </Field>
      <button type="button" onClick={() => run(() => setPartnerGuideVideo(partner.id, guide || null))}
        className="min-h-11 rounded-full border border-neutral-300 px-4 dark:border-neutral-700">{t('saveGuide')}</button>
      {msg ? <p role="status">{msg}</p> : null}
    </div>
  );
}
