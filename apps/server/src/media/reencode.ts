// Re-encodes an accepted upload: upright, at most MEDIA_MAX_WIDTH_PX wide, no metadata at all.
// Decoding is the expensive part, and a few hundred bytes of GIF can ask for tens of megapixels:
// the size is read from the header first, and what an email cannot use is refused before a
// single pixel is decoded.
import sharp, { type Metadata } from 'sharp';
import { MEDIA_MAX_WIDTH_PX, MEDIA_MESSAGES } from '@thankly/api-contract';
import { createSemaphore } from '../infrastructure/concurrency/semaphore.ts';
import { AppError } from '../infrastructure/http/errors.ts';
import type { DetectedType } from './detect-type.ts';

/** A still image: a 24-megapixel camera photo fits; larger ones are refused undecoded. */
export const MAX_STILL_PIXELS = 25_000_000;
/**
 * An animated GIF, summed over its frames (width × height × frames): 600×400 px for 40 frames is
 * 9.6 MP. GIF frames cannot be shrunk while decoding as JPEG can, so each one costs in full.
 */
export const MAX_ANIMATED_PIXELS = 10_000_000;
/** Frames of an animated GIF: a short loop in an email needs no more. */
export const MAX_GIF_FRAMES = 60;
/** libvips gives up on one image after this long, whatever it is. */
export const REENCODE_TIMEOUT_SECONDS = 10;
/**
 * Re-encodes at once per process. sharp runs on libuv's thread pool, which file access, DNS and
 * zlib share: one at a time keeps the rest of it free, and libvips still uses every core for it.
 */
export const MAX_CONCURRENT_REENCODES = 1;
/** Uploads waiting for their turn; more are told to try again shortly, not queued without end. */
export const MAX_WAITING_REENCODES = 16;

export const TOO_MANY_PIXELS =
  'That image has too many pixels to process. Please use a smaller one.';
export const tooManyFrames = (frames: number) =>
  `That GIF has ${frames} frames; an email GIF may have at most ${MAX_GIF_FRAMES}. Please shorten it.`;
export const ANIMATION_TOO_LARGE = `That GIF is too large to process: its width × height × frames comes to more than ${MAX_ANIMATED_PIXELS / 1_000_000} megapixels. Please make it smaller or shorter.`;
export const REENCODE_BUSY =
  'Many images are being processed right now. Please try again in a minute.';

export interface Encoded {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/gif';
  width: number;
  height: number;
}

const inTurn = createSemaphore(MAX_CONCURRENT_REENCODES);
let waiting = 0;

/** Refuses, from the header alone, what would cost more to decode than an email image is worth. */
function checkSize(meta: Metadata, animated: boolean): void {
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const frames = animated ? (meta.pages ?? 1) : 1;
  if (width * frameHeight > MAX_STILL_PIXELS) throw new AppError('invalid', TOO_MANY_PIXELS);
  if (frames > MAX_GIF_FRAMES) throw new AppError('invalid', tooManyFrames(frames));
  if (frames > 1 && width * frameHeight * frames > MAX_ANIMATED_PIXELS)
    throw new AppError('invalid', ANIMATION_TOO_LARGE);
}

export async function reencode(input: Buffer, type: DetectedType): Promise<Encoded> {
  const animated = type === 'image/gif';
  let meta: Metadata;
  try {
    // Reads the header (for a GIF, each frame's descriptor) without decoding any pixels.
    meta = await sharp(input, { animated }).metadata();
  } catch {
    throw new AppError('invalid', MEDIA_MESSAGES.unreadable);
  }
  checkSize(meta, animated);
  if (waiting >= MAX_WAITING_REENCODES) throw new AppError('unavailable', REENCODE_BUSY);
  waiting += 1;
  return inTurn(async () => {
    waiting -= 1;
    return encode(input, type, meta, animated);
  });
}

async function encode(
  input: Buffer,
  type: DetectedType,
  meta: Metadata,
  animated: boolean,
): Promise<Encoded> {
  try {
    const source = sharp(input, {
      limitInputPixels: animated ? MAX_ANIMATED_PIXELS : MAX_STILL_PIXELS,
      animated,
      failOn: 'error',
    }).timeout({ seconds: REENCODE_TIMEOUT_SECONDS });
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
    // Over the pixel limit, or still decoding when the timeout struck: too much image either way.
    if (error instanceof Error && /pixel limit|timeout/i.test(error.message)) {
      throw new AppError('invalid', TOO_MANY_PIXELS);
    }
    throw new AppError('invalid', MEDIA_MESSAGES.unreadable);
  }
}
