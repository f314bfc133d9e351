import { formatBytes } from './media-queries.ts';

/** The plan's image storage: used of the quota, amber from 80 %, red from 95 %. */
export function StorageMeter({ bytes, quotaBytes }: { bytes: number; quotaBytes: number }) {
  const percent = quotaBytes > 0 ? Math.min(100, Math.round((bytes / quotaBytes) * 100)) : 100;
  const text = `${formatBytes(bytes)} of ${formatBytes(quotaBytes)} used`;
  const tone = percent >= 95 ? 'bg-red-600' : percent >= 80 ? 'bg-amber-500' : 'bg-brand-600';
  return (
    <div className="space-y-1">
      <p className="text-xs text-slate-600">Image storage: {text}</p>
      <div
        role="meter"
        aria-label="Image storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        {/* At least a sliver, so a little use still shows. */}
        <div className={`h-full ${tone}`} style={{ width: `${Math.max(percent, 1)}%` }} />
      </div>
    </div>
  );
}
