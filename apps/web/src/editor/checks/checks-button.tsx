// The entry to the checks panel in the editor's header: how many things there are to fix, at a
// glance, before the panel (and its code) is opened.
import { ListChecks } from 'lucide-react';
import { Button } from '../../components/ui/index.ts';

export function ChecksButton({
  count,
  open,
  panelId,
  onToggle,
}: {
  /** Null until the first check has run. */
  count: number | null;
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="secondary"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={panelId}
      // "Checks 3 to fix": the visible words first, so voice control finds it by what it shows.
      aria-label={count === null ? 'Checks' : `Checks ${count} to fix`}
      data-keep-selection
    >
      <ListChecks aria-hidden="true" className="h-4 w-4" />
      {/* The space keeps "Checks 3" one phrase for tools that read the visible text. */}
      Checks{' '}
      {count !== null ? (
        <span
          data-testid="checks-count"
          className={`inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold ${
            count === 0 ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {count}
        </span>
      ) : null}
    </Button>
  );
}
