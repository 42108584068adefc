import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors.js';

/**
 * Reads the one file of a multipart/form-data request from the field `file`, at most `maxBytes` bytes, into
 * memory (issue 9 item 5; issue 14 "malformed multipart → 400"). Errors, each naming the field `file`:
 * 400 when the body is not multipart, is malformed (no or wrong boundary, cut short), has no file, uses another
 * field or is empty; `tooLarge()` (413 by default) when the file is over `maxBytes`.
 */
export async function readFileField(
  req: FastifyRequest,
  opts: { maxBytes: number; what: string; tooLarge?: () => HttpError },
): Promise<Buffer> {
  const tooLarge =
    opts.tooLarge ??
    (() => new HttpError(413, 'PAYLOAD_TOO_LARGE', [`file: must be at most ${Math.round(opts.maxBytes / 1024 / 1024)} MB`]));
  if (!req.isMultipart()) throw badRequest(`file: send the ${opts.what} as multipart/form-data in the field 'file'`);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest('file: the multipart/form-data body could not be read (missing or wrong boundary?)');
  }
  if (!part) throw badRequest(`file: a ${opts.what} is required (multipart field 'file')`);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`file: the ${opts.what} must be sent in the field 'file' (got '${part.fieldname}')`);
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest('file: the multipart/form-data body could not be read (cut short?)');
  }
  if (part.file.truncated) throw tooLarge();
  if (data.length === 0) throw badRequest('file: is empty');
  return data;
}
