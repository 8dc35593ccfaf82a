import 'server-only';
import { eq } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import type { DbOrTx } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/errors';
import { deletePictureByUrl as deleteStored, processSquareImage, storePicture } from '@/lib/media/image';

/**
 * Profile pictures (SPEC.md section 3 "User" pic): the upload is made a
 * 256x256 WebP with no metadata by lib/media/image.ts and stored under
 * `avatars/<random id>/pic.webp`, served at `/media/avatars/<id>/pic.webp`
 * (server/media.ts).
 */

/** Side of the stored square picture, pixels. */
export const PICTURE_SIDE = 256;

const deletePictureByUrl = (url: string | null) => deleteStored('avatars', url);

/**
 * Makes `input` the signed-in user's picture: normalised (processSquareImage),
 * stored under a new id, `users.pic` set to its URL, then the previous
 * picture's file deleted. If the update fails the new file is removed, so a
 * failure leaves the old picture in place and no file behind.
 * @returns the new public URL.
 * @throws the errors of processSquareImage; ApiError 401 `login_required`.
 */
export async function setProfilePicture(db: DbOrTx, p: Principal, input: Buffer): Promise<string> {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  const userId = p.userId;
  const { webp } = await processSquareImage(input, { size: PICTURE_SIDE });
  const url = await storePicture('avatars', webp);
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx.select({ pic: users.pic }).from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw new ApiError(401, 'login_required', 'Please log in to continue.');
      await tx.update(users).set({ pic: url, updated_at: new Date() }).where(eq(users.id, userId));
      return row.pic;
    });
  } catch (err) {
    await deletePictureByUrl(url);
    throw err;
  }
  if (previous !== url) await deletePictureByUrl(previous);
  return url;
}

/**
 * Removes the signed-in user's picture: `users.pic` becomes null, then its
 * file is deleted (only a picture this code stored; another URL is just unset).
 * @throws ApiError 401 `login_required`.
 */
export async function removeProfilePicture(db: DbOrTx, p: Principal): Promise<void> {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  const userId = p.userId;
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select({ pic: users.pic }).from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw new ApiError(401, 'login_required', 'Please log in to continue.');
    if (row.pic !== null) await tx.update(users).set({ pic: null, updated_at: new Date() }).where(eq(users.id, userId));
    return row.pic;
  });
  await deletePictureByUrl(previous);
}
