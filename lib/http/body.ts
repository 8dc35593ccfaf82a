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
