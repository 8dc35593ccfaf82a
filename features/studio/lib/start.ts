import { z } from 'zod';

/** Where the studio opens: the upload form, filed under a topic (and maybe a category and option). */
export interface StudioStart {
  section: 'upload';
  topicId: string;
  categoryId: string;
  optionId: string;
}

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const id = z.preprocess(one, z.uuid());
const optionalId = z.preprocess(one, z.uuid().optional().catch(undefined));
const startSchema = z.object({
  section: z.preprocess(one, z.literal('upload')),
  topic_id: id,
  category_id: optionalId,
  option_id: optionalId,
});

/**
 * Reads the studio URL's start (`?section=upload&topic_id=&category_id=&option_id=`,
 * made by addContentHref in features/reels/lib/layout-presets.ts). Ids must
 * be uuids; an option without its category is dropped. Anything else (no
 * section, a bad topic id) is null: the studio opens as usual.
 */
export function parseStudioStart(query: Record<string, string | string[] | undefined>): StudioStart | null {
  const r = startSchema.safeParse(query);
  if (!r.success) return null;
  const categoryId = r.data.category_id ?? '';
  return { section: 'upload', topicId: r.data.topic_id, categoryId, optionId: categoryId ? (r.data.option_id ?? '') : '' };
}
