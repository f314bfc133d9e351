import { countOf } from './insights-format.ts';

/** Machine opens and clicks are real requests but no person; they are shown, never added in. */
export function MachineNote({ opens, clicks }: { opens: number; clicks: number }) {
  if (opens === 0 && clicks === 0) return null;
  const parts = [
    opens > 0 ? countOf(opens, 'more email opened', 'more emails opened') : null,
    clicks > 0 ? countOf(clicks, 'more link followed', 'more links followed') : null,
  ].filter(Boolean);
  return (
    <p className="mt-3 text-xs text-slate-500">
      {parts.join(' and ')} by Apple’s privacy proxy, security scanners and link checkers, not
      counted as people. Opens through Gmail’s and Yahoo’s image proxies are people: those proxies
      fetch when the person opens the email.
    </p>
  );
}
