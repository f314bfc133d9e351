// The email's size against Gmail's clip, as the design language draws a rate against a limit: a
// large figure, a thin bar full at the limit (amber from four fifths), the verdict in words, and
// the blocks that weigh most, each a way to that block.
import {
  GMAIL_CLIP_BYTES,
  SIZE_WARNING_BYTES,
  type EmailWeight,
} from '@thankly/email/editor-checks';
import { Badge, Button } from '../../components/ui/index.ts';

const kb = (bytes: number) => `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
/** How many of the heaviest blocks the meter names. */
const HEAVIEST_SHOWN = 3;

export function SizeMeter({
  sizeBytes,
  asSent,
  weight,
  onJump,
}: {
  sizeBytes: number;
  /** The figure includes the server's measure of tracked links and footer. */
  asSent: boolean;
  weight: EmailWeight;
  onJump: (blockId: string) => void;
}) {
  const share = Math.min(1, sizeBytes / GMAIL_CLIP_BYTES);
  const clipped = sizeBytes > GMAIL_CLIP_BYTES;
  const near = sizeBytes > SIZE_WARNING_BYTES;
  const heaviest = weight.blocks.slice(0, HEAVIEST_SHOWN).filter((block) => block.bytes > 0);
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="size-meter-title" className="text-sm font-semibold text-slate-900">
          Size
        </h3>
        <Badge tone={clipped ? 'amber' : near ? 'amber' : 'green'}>
          {clipped ? 'Gmail will cut it off' : near ? 'Close to the limit' : 'Well under the limit'}
        </Badge>
      </div>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{kb(sizeBytes)}</p>
      <div
        role="meter"
        aria-labelledby="size-meter-title"
        aria-valuemin={0}
        aria-valuemax={GMAIL_CLIP_BYTES}
        aria-valuenow={Math.min(sizeBytes, GMAIL_CLIP_BYTES)}
        aria-valuetext={`${kb(sizeBytes)} of 102 KB`}
        className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${near ? 'bg-amber-500' : 'bg-emerald-500'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {asSent ? 'As buyers get it' : 'About'}, for the longest order, of the 102 KB where Gmail
        cuts emails off.
      </p>
      {heaviest.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-xs font-semibold text-slate-700">Heaviest blocks</h4>
          <ul className="mt-1 space-y-1" aria-label="Heaviest blocks">
            {heaviest.map((block) => (
              <li key={block.blockId} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 text-slate-800">
                  {block.name}{' '}
                  <span className="tabular-nums text-slate-600">{kb(block.bytes)}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onJump(block.blockId)}
                  aria-label={`Go to ${block.name}, ${kb(block.bytes)}`}
                >
                  Go to
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
