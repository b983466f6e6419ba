import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, fieldError } from './http-error';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type by its first bytes; the file name and declared type are not trusted. */
export const sniffImageType = (bytes: Buffer): ImageType | null => {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
};

/** Reads the one `file` part of a multipart request: PNG, JPEG or WebP, at most 2 MB (413 above). */
export const readImageUpload = async (request: FastifyRequest): Promise<{ bytes: Buffer; contentType: ImageType }> => {
  if (!request.isMultipart())
    throw badRequest('Send the image as multipart/form-data in a field named "file".', {
      file: ['Choose an image to upload.'],
    });
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
  } catch {
    throw badRequest('The upload could not be read.', { file: ['Choose an image to upload.'] });
  }
  if (!part || part.fieldname !== 'file') throw fieldError('file', 'Choose an image to upload.');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'The image is larger than 2 MB.', { file: ['Choose an image of at most 2 MB.'] });
    }
    throw badRequest('The upload could not be read.', { file: ['Choose an image to upload.'] });
  }
  const contentType = sniffImageType(bytes);
  if (!contentType) throw fieldError('file', 'Only PNG, JPEG or WebP images are accepted.');
  return { bytes, contentType };
};
