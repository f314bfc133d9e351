// Picks the image storage from the configuration: S3 when S3_BUCKET is set, else DATA_DIR/media.
import path from 'node:path';
import type { Config } from '../infrastructure/config/env.ts';
import { DiskMediaStorage, type MediaStorage } from './media-storage.ts';

/** The AWS SDK is loaded only where S3 is configured: it costs a process tens of megabytes. */
export async function createMediaStorage(
  config: Pick<Config, 's3' | 'dataDir'>,
): Promise<MediaStorage> {
  if (config.s3) {
    const { S3MediaStorage } = await import('./s3-media-storage.ts');
    return new S3MediaStorage(config.s3);
  }
  return new DiskMediaStorage(path.join(config.dataDir, 'media'));
}
