'use client';

import { useId, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { WhatsAppIcon } from '@/components/ui/icons';
import { Sheet } from '@/components/ui/sheet';
import { newKey, useAddContact, useAddLocalContacts, useContacts, useDeleteAllContacts, useImportContacts, useOneDeal, type Contact, type ImportResult } from '../api/referrals';
import { useSendRequest } from '../api/requests';
import { DealCard } from './deal-card';
import { GoogleContactsButton } from './google-contacts-button';
import { Loading, Pager, ui } from './shared';
import { useErrorText } from '@/lib/use-error-text';
import { HttpError } from '@/lib/http/client';

const PAGE_SIZE = 50;

/** Only wa.me / api.whatsapp.com links are opened or handed on. */
export function isWhatsAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (u.hostname === 'wa.me' || u.hostname === 'api.whatsapp.com');
  } catch {
    return false;
  }
}

interface PickerContact { name?: string[]; tel?: string[] }
interface ContactsManager { select(props: string[], opts: { multiple: boolean }): Promise<PickerContact[]> }

/** Whether the Contact Picker API is there (Android Chrome). */
function hasContactPicker(): boolean {
  return typeof window !== 'undefined' && 'contacts' in navigator && 'ContactsManager' in window;
}

/**
 * The invite page (SPEC.md section 4 "Contacts"): the deal being referred,
 * my contacts with their labels ("sent", "not registered"), adding one by
 * hand, picking from the phone (Contact Picker API where there is one) or
 * importing a .vcf / .csv file, and "Invite on WhatsApp" per contact:
 * POST referrer/send_request with a fresh idempotency key and the
 * interface language, then WhatsApp opens with the invite and the thanks
 * page follows. Refusals (429, 403, 409, 422) are shown by their code.
 * With `googleClientId` (GOOGLE_CLIENT_ID, read on the server) contacts can
 * also be imported from the user's Google account; without it, no button.
 * Where contacts are added, the page says why numbers are asked for and
 * what is kept (name and number; deleted after `retentionDays`,
 * CONTACT_RETENTION_DAYS, if never invited; never messaged by us), and all
 * contacts can be deleted at once after a confirmation.
 */
export function InviteScreen({ dealId, googleClientId = null, retentionDays = 90 }: {
  dealId: string | null; googleClientId?: string | null; retentionDays?: number;
}) {
  const t = useTranslations('referrals.invite');
  const errorText = useErrorText();
  const deal = useOneDeal(dealId);
  const [page, setPage] = useState(1);
  const contacts = useContacts(page, PAGE_SIZE);

  return (
    <div className={ui.page}>
      <Link prefetch={false} href="/rewards" className={ui.link}>{t('back')}</Link>
      <h1 className={ui.h1}>{t('title')}</h1>
      {deal.isPending ? <Loading label={t('loading')} /> : null}
      {deal.isError ? <p role="alert" className={ui.error}>{errorText(deal.error)}</p> : null}
      {deal.data ? (
        <DealCard as="section" label={t('dealLabel')} headingLevel={2} deal={deal.data} />
      ) : null}
      <AddContacts googleClientId={googleClientId} retentionDays={retentionDays} />
      <section aria-labelledby="inv-contacts-h" className="flex flex-col gap-3">
        <h2 id="inv-contacts-h" className={ui.h2}>{t('contacts')}</h2>
        {contacts.isPending ? <Loading label={t('loading')} /> : null}
        {contacts.isError ? <p role="alert" className={ui.error}>{errorText(contacts.error)}</p> : null}
        {contacts.data && contacts.data.items.length === 0 ? <p className={ui.muted}>{t('noContacts')}</p> : null}
        {contacts.data && contacts.data.items.length > 0 ? (
          <ul className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
            {contacts.data.items.map((c) => <ContactRow key={c.id} contact={c} dealId={deal.data?.id ?? null} />)}
          </ul>
        ) : null}
        {contacts.data ? <Pager page={page} total={contacts.data.total} size={contacts.data.page_size} onPage={setPage} /> : null}
        <DeleteAllContacts total={contacts.data?.total ?? 0} onDeleted={() => setPage(1)} />
      </section>
    </div>
  );
}

/**
 * One contact with its "Sent" label and its WhatsApp button: "Invite on
 * WhatsApp" for a new one, which goes on to the thanks page; for one
 * already sent an invite, "Remind on WhatsApp": the same send, for which
 * the server answers a phone already invited with this deal with that
 * request and the same wa.me link (no 409); WhatsApp opens again and the
 * link stays offered in the row (in case the browser blocked the new tab).
 */
function ContactRow({ contact, dealId }: { contact: Contact; dealId: string | null }) {
  const t = useTranslations('referrals.invite');
  const errorText = useErrorText();
  const locale = useInterfaceLang();
  const router = useRouter();
  const send = useSendRequest();
  const [remindUrl, setRemindUrl] = useState<string | null>(null);
  const sent = contact.label === 'sent';

  const invite = () => {
    if (!dealId) return;
    setRemindUrl(null);
    send.mutate(
      { deal_id: dealId, phone: contact.phone, name: contact.name, idempotency_key: newKey(), lang: locale },
      {
        onSuccess: ({ invite: inv }) => {
          const wa = isWhatsAppUrl(inv.wa_url) ? inv.wa_url : null;
          if (wa) window.open(wa, '_blank', 'noopener,noreferrer');
          if (sent && wa) {
            setRemindUrl(wa);
            return;
          }
          const q = new URLSearchParams({ deal: dealId });
          if (wa) q.set('wa', wa);
          router.push(`/rewards/thanks?${q.toString()}`);
        },
      },
    );
  };

  return (
    <li className="flex flex-col gap-2 py-3" aria-label={contact.name}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-semibold">{contact.name}</span>
          <span className={ui.muted}>{contact.phone}</span>
        </div>
        {contact.label === 'sent' ? (
          <span className={`${ui.chip} bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200`}>{t('label.sent')}</span>
        ) : null}
      </div>
      <button
        type="button"
        className={`${ui.primary} self-start bg-green-600 text-white hover:bg-green-500`}
        disabled={!dealId || send.isPending}
        onClick={invite}
        aria-label={sent ? t('remindAria', { name: contact.name }) : t('inviteAria', { name: contact.name })}
      >
        <WhatsAppIcon size={18} />
        {send.isPending ? t('sending') : sent ? t('remind') : t('invite')}
      </button>
      {remindUrl ? (
        <p role="status" className="flex flex-wrap items-center gap-x-2 text-sm">
          {t('reminded')}
          <a href={remindUrl} target="_blank" rel="noopener noreferrer" className={ui.link}>{t('openWhatsAppAgain')}</a>
        </p>
      ) : null}
      {send.isError ? (
        // Someone else's invite to this number is not the person's mistake: said plainly, not in red.
        send.error instanceof HttpError && send.error.code === 'already_referred'
          ? <p role="status" className={ui.muted}>{t('invitedElsewhere', { name: contact.name })}</p>
          : <p role="alert" className={ui.error}>{errorText(send.error)}</p>
      ) : null}
    </li>
  );
}

/**
 * "Delete all contacts": a button (when there are any) and a confirmation
 * in the shared Sheet dialog; DELETE v1/contact `{confirm: true}`, then a
 * status line. Referrals already sent are not touched.
 */
function DeleteAllContacts({ total, onDeleted }: { total: number; onDeleted: () => void }) {
  const t = useTranslations('referrals.invite');
  const errorText = useErrorText();
  const remove = useDeleteAllContacts();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  return (
    <>
      {total > 0 ? (
        <button type="button" className={`${ui.danger} self-start`} onClick={() => { remove.reset(); setDone(false); setOpen(true); }}>
          {t('deleteAll')}
        </button>
      ) : null}
      {done ? <p role="status" className="text-sm">{t('deletedAll')}</p> : null}
      <Sheet open={open} onClose={() => setOpen(false)} title={t('deleteAllTitle')} closeLabel={t('deleteAllClose')}>
        <div className="flex flex-col gap-4">
          <p>{t('deleteAllBody', { count: total })}</p>
          {remove.isError ? <p role="alert" className={ui.error}>{errorText(remove.error)}</p> : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={ui.danger}
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  setDone(true);
                  onDeleted();
                },
              })}
            >
              {remove.isPending ? t('deletingAll') : t('deleteAllConfirm')}
            </button>
            <button type="button" className={ui.secondary} onClick={() => setOpen(false)}>{t('deleteAllCancel')}</button>
          </div>
        </div>
      </Sheet>
    </>
  );
}

/** Whether a failed call was refused for its phone number (`invalid_phone`). */
function isInvalidPhone(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { code?: unknown }).code === 'invalid_phone';
}

/**
 * Adding contacts: by hand, from the phone's contacts (Contact Picker API),
 * from a .vcf / .csv file, or from Google (when configured), under a notice
 * of why the numbers are asked for and what is kept, which every way of
 * adding names with aria-describedby.
 */
function AddContacts({ googleClientId, retentionDays }: { googleClientId: string | null; retentionDays: number }) {
  const t = useTranslations('referrals.invite');
  const errorText = useErrorText();
  const add = useAddContact();
  const local = useAddLocalContacts();
  const importFile = useImportContacts();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [pickerError, setPickerError] = useState(false);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const id = useId();
  const picker = hasContactPicker();
  // A number the server refuses is told at its field; other failures below the ways of adding.
  const phoneError = isInvalidPhone(add.error) ? add.error : null;
  const failed = (phoneError ? null : add.error) ?? local.error ?? importFile.error;

  const pick = async () => {
    setPickerError(false);
    try {
      const picked = await (navigator as unknown as { contacts: ContactsManager }).contacts.select(['name', 'tel'], { multiple: true });
      const list = picked
        .flatMap((c) => (c.tel ?? []).slice(0, 1).map((tel) => ({ name: (c.name?.[0] ?? tel).slice(0, 100), phone: tel })))
        .filter((c) => c.phone);
      if (list.length > 0) local.mutate(list, { onSuccess: setResult });
    } catch {
      setPickerError(true);
    }
  };

  return (
    <section aria-labelledby={`${id}-h`} className={`${ui.card} flex flex-col gap-3`}>
      <h2 id={`${id}-h`} className={ui.h2}>{t('addTitle')}</h2>
      <div id={`${id}-privacy`} className="flex flex-col gap-1 rounded-xl bg-neutral-100 p-3 text-sm dark:bg-neutral-800">
        <p className="font-semibold">{t('privacyTitle')}</p>
        <p>{t('privacyWhy')}</p>
        <p>{t('privacyKept', { days: retentionDays })}</p>
      </div>
      <form
        aria-label={t('addForm')}
        aria-describedby={`${id}-privacy`}
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ name: name.trim(), phone: phone.trim() }, {
            onSuccess: () => {
              setName('');
              setPhone('');
            },
          });
        }}
      >
        <label htmlFor={`${id}-name`} className="font-semibold">{t('name')}</label>
        <input id={`${id}-name`} className={ui.input} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} autoComplete="off" />
        <label htmlFor={`${id}-phone`} className="font-semibold">{t('phone')}</label>
        <input
          id={`${id}-phone`}
          className={ui.input}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          required
          inputMode="tel"
          type="tel"
          maxLength={16}
          autoComplete="off"
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error` : undefined}
        />
        {phoneError ? <p id={`${id}-phone-error`} role="alert" className={ui.error}>{errorText(phoneError)}</p> : null}
        <button type="submit" className={`${ui.secondary} self-start`} disabled={add.isPending}>{t('add')}</button>
      </form>
      <div className="flex flex-wrap gap-2">
        {picker ? (
          <button type="button" className={ui.secondary} onClick={() => void pick()} disabled={local.isPending} aria-describedby={`${id}-privacy`}>{t('pick')}</button>
        ) : null}
        <button type="button" className={ui.secondary} onClick={() => fileRef.current?.click()} disabled={importFile.isPending} aria-describedby={`${id}-privacy`}>{t('import')}</button>
        <input
          ref={fileRef}
          type="file"
          accept=".vcf,.csv,text/vcard,text/x-vcard,text/csv"
          className="sr-only"
          aria-label={t('importFile')}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) importFile.mutate(f, { onSuccess: setResult });
            e.target.value = '';
          }}
        />
      </div>
      <p className={ui.muted}>{t('importHint')}</p>
      {googleClientId ? <GoogleContactsButton clientId={googleClientId} describedBy={`${id}-privacy`} /> : null}
      {result ? (
        <p role="status" className="text-sm">{t('imported', { added: result.added, existing: result.existing, invalid: result.invalid.length })}</p>
      ) : null}
      {pickerError ? <p role="alert" className={ui.error}>{t('pickFailed')}</p> : null}
      {failed ? <p role="alert" className={ui.error}>{errorText(failed)}</p> : null}
    </section>
  );
}
