'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { RoleGrant } from '@/lib/auth/principal';
import { may } from '../policy';
import { useCategories, useOptions, useTopics } from '../api/studio';

/** Where a reel is filed: topic, category and option ids ('' when not chosen). */
export interface OptionChoice {
  topicId: string;
  categoryId: string;
  optionId: string;
}

/**
 * The topic, category and option selects of a reel (SPEC.md section 3):
 * only topics where `viewer` may upload are offered; categories load once a
 * topic is chosen, options once a category is. Controlled: the caller keeps
 * the choice and decides what a new topic or category clears.
 * @param afterTopic shown between the topic and the category (the upload form's guide video hint).
 */
export function OptionPicker({ viewer, value, disabled = false, onTopic, onCategory, onOption, afterTopic, inputClassName, fieldClassName }: {
  viewer: { userId: string | null; roles: RoleGrant[] };
  value: OptionChoice;
  disabled?: boolean;
  onTopic: (topicId: string, topicName: string) => void;
  onCategory: (categoryId: string) => void;
  onOption: (optionId: string) => void;
  afterTopic?: ReactNode;
  inputClassName: string;
  fieldClassName: string;
}) {
  const t = useTranslations('studio');
  const topics = useTopics();
  const categories = useCategories(value.topicId);
  const options = useOptions(value.topicId, value.categoryId);
  const uploadable = (topics.data ?? []).filter((tp) => may(viewer, 'content.upload', tp.id));
  return (
    <>
      <label className={fieldClassName}>
        {t('upload.topic')}
        <select className={inputClassName} value={value.topicId} disabled={disabled}
          onChange={(e) => onTopic(e.target.value, uploadable.find((x) => x.id === e.target.value)?.name ?? '')}>
          <option value="">{t('upload.choose')}</option>
          {uploadable.map((tp) => <option key={tp.id} value={tp.id}>{tp.name}</option>)}
        </select>
      </label>
      {afterTopic}
      <label className={fieldClassName}>
        {t('upload.category')}
        <select className={inputClassName} value={value.categoryId} disabled={disabled || value.topicId === ''} onChange={(e) => onCategory(e.target.value)}>
          <option value="">{t('upload.choose')}</option>
          {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select>
      </label>
      <label className={fieldClassName}>
        {t('upload.option')}
        <select className={inputClassName} value={value.optionId} disabled={disabled || value.categoryId === ''} onChange={(e) => onOption(e.target.value)}>
          <option value="">{t('upload.choose')}</option>
          {(options.data ?? []).map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        </select>
      </label>
    </>
  );
}
