'use client';

import { useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import { useNotificationStore } from '@/stores/notification-store';
import { usernameQueryOptions, useUpdateMe } from '../api/profile';
import {
  BIO_MAX, GENDERS, profileFormSchema, profileFormValues, profilePatchOf, usernameSchema,
  type ProfileForm, type ProfileFormInput,
} from '../profile-schemas';
import type { Me } from '../schemas';
import { Field, inputClass, useMessageText } from './profile-parts';
import { useErrorText } from '@/lib/use-error-text';
import { Button } from '@/components/ui/button';

const FIELDS = ['name', 'username', 'bio', 'email', 'gender', 'dob'] as const;

type UsernameState = 'idle' | 'checking' | 'available';

/**
 * Edit the profile (SPEC.md section 3 "User"; section 5 name and email
 * rules): name, username (checked with the server when the field is left),
 * bio, email, gender and date of birth. Validated by the same zod schema as
 * the API; only changed fields are sent. On success the answer becomes
 * `['auth','me']` and `onDone` closes the form.
 * @param onDone called after a save (or when nothing changed) and on cancel.
 */
export function ProfileEditForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const t = useTranslations('profile');
  const text = useMessageText();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const mutation = useUpdateMe();
  const [formError, setFormError] = useState<string | null>(null);
  const [usernameState, setUsernameState] = useState<UsernameState>('idle');
  const { register, handleSubmit, control, setError, clearErrors, formState: { errors } } = useForm<ProfileFormInput, unknown, ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(me),
  });
  const bio = useWatch({ control, name: 'bio' }) ?? '';

  /** Asks the server whether the typed username is free (only a valid one that differs from the current). */
  const checkUsername = async (raw: string) => {
    setUsernameState('idle');
    const parsed = usernameSchema.safeParse(raw);
    if (!parsed.success || parsed.data === me.username) return;
    setUsernameState('checking');
    try {
      const r = await qc.fetchQuery(usernameQueryOptions(parsed.data));
      if (r.available) {
        setUsernameState('available');
      } else {
        setUsernameState('idle');
        setError('username', { type: 'server', message: 'profile.usernameTaken' });
      }
    } catch {
      // The save will tell; a failed check blocks nothing.
      setUsernameState('idle');
    }
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const patch = profilePatchOf(me, values);
    if (Object.keys(patch).length === 0) {
      onDone();
      return;
    }
    mutation.mutate(patch, {
      onSuccess: () => {
        useNotificationStore.getState().notify({ message: t('saved') });
        onDone();
      },
      onError: (err) => {
        if (err.code === 'username_taken') {
          setError('username', { type: 'server', message: 'profile.usernameTaken' }, { shouldFocus: true });
          return;
        }
        if (err.code === 'email_taken') {
          setError('email', { type: 'server', message: 'profile.emailTaken' }, { shouldFocus: true });
          return;
        }
        const m = err.code === 'validation_failed' ? /^([A-Za-z_]+): (.+)$/.exec(err.message) : null;
        if (m && (FIELDS as readonly string[]).includes(m[1])) {
          setError(m[1] as Path<ProfileFormInput>, { type: 'server', message: m[2] }, { shouldFocus: true });
          return;
        }
        setFormError(errorText(err));
      },
    });
  });

  const usernameField = register('username', {
    onChange: () => {
      setUsernameState('idle');
      if (errors.username?.type === 'server') clearErrors('username');
    },
    onBlur: (e) => void checkUsername(String(e.target.value ?? '')),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('edit')} className="flex flex-col gap-4">
      <Field id="profile-name" label={t('fields.name')} error={text(errors.name?.message)}>
        {(aria) => <input {...aria} {...register('name')} autoComplete="name" className={inputClass} />}
      </Field>
      <Field
        id="profile-username"
        label={t('fields.username')}
        error={text(errors.username?.message)}
        hint={usernameState === 'checking' ? t('usernameChecking') : usernameState === 'available' ? t('usernameAvailable') : t('usernameHint')}
      >
        {(aria) => (
          <input
            {...aria}
            {...usernameField}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
          />
        )}
      </Field>
      <Field id="profile-bio" label={t('fields.bio')} error={text(errors.bio?.message)} hint={t('bioCount', { count: bio.length, max: BIO_MAX })}>
        {(aria) => <textarea {...aria} {...register('bio')} rows={3} maxLength={BIO_MAX * 2} className={`${inputClass} resize-y`} />}
      </Field>
      <Field id="profile-email" label={t('fields.email')} error={text(errors.email?.message)} hint={t('emailHint')}>
        {(aria) => <input {...aria} {...register('email')} type="email" inputMode="email" autoComplete="email" className={inputClass} />}
      </Field>
      <Field id="profile-gender" label={t('fields.gender')} error={text(errors.gender?.message)}>
        {(aria) => (
          <select {...aria} {...register('gender')} className={inputClass}>
            <option value="">{t('fields.genderNone')}</option>
            {GENDERS.map((g) => <option key={g} value={g}>{t(`fields.${g}`)}</option>)}
          </select>
        )}
      </Field>
      <Field id="profile-dob" label={t('fields.dob')} error={text(errors.dob?.message)}>
        {(aria) => <input {...aria} {...register('dob')} type="date" autoComplete="bday" className={inputClass} />}
      </Field>
      {formError ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{formError}</p> : null}
      <div className="flex gap-3">
        <Button
          type="submit"
          disabled={mutation.isPending}
          size="lg"
        >
          {mutation.isPending ? t('saving') : t('save')}
        </Button>
        <Button
          type="button"
          onClick={onDone}
          variant="secondary"
          size="lg"
        >
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
