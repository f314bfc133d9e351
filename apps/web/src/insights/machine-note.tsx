import { countOf } from './insights-format.ts';

/** Machine opens and clicks are real requests but no person; they are shown, never added in. */
export function MachineNote({ opens, clicks }: { opens: number; clicks: number }) {
  if (opens === 0 && clicks === 0) return null;
  const parts = [
    opens > 0 ? countOf(opens, 'more open', 'more opens') : null,
    clicks > 0 ? countOf(clicks, 'more click', 'more clicks') : null,
  ].filter(Boolean);
  return (
    <p className="mt-3 text-xs text-slate-500">
      {parts.join(' and ')} by mail privacy proxies and scanners, not counted as people.
    </p>
  );
}
