// Picks the image storage from the configuration: S3 when S3_BUCKET is set, else DATA_DIR/media.
import path from 'node:path';
import type { Config } from '../config/env.ts';
import { DiskMediaStorage, type MediaStorage } from './media-storage.ts';
import { S3MediaStorage } from './s3-media-storage.ts';

export function createMediaStorage(config: Pick<Config, 's3' | 'dataDir'>): MediaStorage {
  if (config.s3) return new S3MediaStorage(config.s3);
  return new DiskMediaStorage(path.join(config.dataDir, 'media'));
}
