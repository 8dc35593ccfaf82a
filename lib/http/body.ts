import { ApiError } from './errors';

/**
 * Reads a request body of at most `max` bytes as it streams in: a declared
 * Content-Length over `max` is refused before reading, and reading stops
 * (the stream canceled) the moment `max` is passed, so no more than `max`
 * bytes are ever held.
 * @param tooLarge makes the error to throw past `max` (each endpoint's own 413 code and message).
 * @throws what `tooLarge` makes; ApiError 400 `bad_request` when the body cannot be read.
 */
export async function readBoundedBody(req: Request, max: number, tooLarge: () => ApiError): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > max) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, 'bad_request', 'Request body could not be read.');
  }
  return Buffer.concat(chunks);
}

/** Room for a multipart form's boundaries and part headers beyond the file itself, bytes. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The most bytes readMultipartFile reads for a file of at most `fileMaxBytes`
 * (the file plus the form's framing): the body bound a route declares for it.
 */
export function multipartMaxBytes(fileMaxBytes: number): number {
  return fileMaxBytes + MULTIPART_OVERHEAD;
}

/**
 * The `file` field of a multipart/form-data request, read through
 * `readBoundedBody` (so at most `maxBytes` plus the form's framing is ever
 * held). The caller checks the Content-Type first.
 * @param maxBytes the largest file accepted, bytes.
 * @param tooLarge makes the endpoint's own 413.
 * @param missing the message after `file: ` when the field is absent or empty.
 * @throws what `tooLarge` makes; ApiError 422 `validation_failed` (no file,
 * or an empty one); 400 `bad_request` (an unreadable body or form).
 */
export async function readMultipartFile(
  req: Request, maxBytes: number, tooLarge: () => ApiError, missing: string,
): Promise<File> {
  const raw = await readBoundedBody(req, multipartMaxBytes(maxBytes), tooLarge);
  let form: FormData;
  try {
    form = await new Request('http://localhost/', {
      method: 'POST', headers: { 'content-type': req.headers.get('content-type') ?? '' }, body: new Uint8Array(raw),
    }).formData();
  } catch {
    throw new ApiError(400, 'bad_request', 'The form could not be read.');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string' || file.size === 0) throw new ApiError(422, 'validation_failed', `file: ${missing}`);
  if (file.size > maxBytes) throw tooLarge();
  return file;
}
