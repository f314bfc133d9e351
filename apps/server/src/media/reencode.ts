// Re-encodes an accepted upload: upright, at most MEDIA_MAX_WIDTH_PX wide, no metadata at all.
import sharp from 'sharp';
import { MEDIA_MAX_WIDTH_PX, MEDIA_MESSAGES } from '@thankly/api-contract';
import { AppError } from '../http/errors.ts';
import type { DetectedType } from './detect-type.ts';

/** Larger images are refused before they are decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface Encoded {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/gif';
  width: number;
  height: number;
}

export async function reencode(input: Buffer, type: DetectedType): Promise<Encoded> {
  try {
    const animated = type === 'image/gif';
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' });
    const meta = await source.metadata();
    // autoOrient applies EXIF orientation; resize never enlarges. Metadata is not kept.
    let image = source.autoOrient().resize({ width: MEDIA_MAX_WIDTH_PX, withoutEnlargement: true });
    let contentType: Encoded['contentType'];
    if (type === 'image/gif') {
      image = image.gif();
      contentType = 'image/gif';
    } else if (type === 'image/png' || (type === 'image/webp' && meta.hasAlpha)) {
      image = image.png({ compressionLevel: 9, adaptiveFiltering: true });
      contentType = 'image/png';
    } else {
      image = image.jpeg({ quality: 82, mozjpeg: true });
      contentType = 'image/jpeg';
    }
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    const height = animated && info.pageHeight ? info.pageHeight : info.height;
    return { bytes: data, contentType, width: info.width, height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(
        'invalid',
        'That image has too many pixels to process. Please use a smaller one.',
      );
    }
    throw new AppError('invalid', MEDIA_MESSAGES.unreadable);
  }
}
