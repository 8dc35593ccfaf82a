import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The post draft of the upload form (SPEC.md section 3 "Post draft"): every
 * field but the file, kept in localStorage so a reload while the upload runs
 * loses nothing. The file itself is picked again; tus-js-client finds the
 * unfinished upload by the file's fingerprint and resumes it.
 */
export interface PostDraft {
  topicId: string;
  topicName: string;
  categoryId: string;
  optionId: string;
  description: string;
  isTLDR: boolean;
}

export const EMPTY_DRAFT: PostDraft = { topicId: '', topicName: '', categoryId: '', optionId: '', description: '', isTLDR: false };

/** Where the draft is kept (localStorage). */
export const DRAFT_STORAGE_KEY = 'sr_studio_draft';

/** The file of an upload that started and has not finished (to ask for it again after a reload). */
export interface PendingFile { name: string; size: number }

interface DraftState {
  draft: PostDraft;
  /** Topics whose guide video the user has already been shown. */
  guideSeen: string[];
  pendingFile: PendingFile | null;
}
interface DraftActions {
  update: (patch: Partial<PostDraft>) => void;
  /** Forgets the draft and the unfinished upload's file (after a finished upload). */
  clear: () => void;
  setPendingFile: (file: PendingFile | null) => void;
  markGuideSeen: (topicId: string) => void;
}

/**
 * Changes a draft: choosing another topic clears the category and option,
 * another category clears the option (they belong to the one above).
 */
export function applyDraftPatch(draft: PostDraft, patch: Partial<PostDraft>): PostDraft {
  const next = { ...draft, ...patch };
  if (patch.topicId !== undefined && patch.topicId !== draft.topicId) {
    next.categoryId = patch.categoryId ?? '';
    next.optionId = patch.optionId ?? '';
  } else if (patch.categoryId !== undefined && patch.categoryId !== draft.categoryId) {
    next.optionId = patch.optionId ?? '';
  }
  return next;
}

/** The studio's draft store (persisted under DRAFT_STORAGE_KEY). */
export const useStudioDraftStore = create<DraftState & DraftActions>()(
  persist(
    (set) => ({
      draft: EMPTY_DRAFT,
      guideSeen: [],
      pendingFile: null,
      update: (patch) => set((s) => ({ draft: applyDraftPatch(s.draft, patch) })),
      clear: () => set({ draft: EMPTY_DRAFT, pendingFile: null }),
      setPendingFile: (pendingFile) => set({ pendingFile }),
      markGuideSeen: (topicId) => set((s) => (s.guideSeen.includes(topicId) ? s : { guideSeen: [...s.guideSeen, topicId] })),
    }),
    { name: DRAFT_STORAGE_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
