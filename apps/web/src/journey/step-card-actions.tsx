// Move a step up or down, or remove it (after asking: its settings go with it once saved).
import { ArrowDown, ArrowUp, ChevronDown, Trash2 } from 'lucide-react';
import { Button } from '../components/ui/index.ts';
import { moveButtonId } from './use-focus-after-move.ts';

export function removeStepQuestion(title: string): string {
  return `Remove the step "${title}"? Orders will not get it once you save.`;
}

export function StepCardActions({
  stepKey,
  title,
  isFirst,
  isLast,
  expanded,
  canCollapse,
  controls,
  onToggle,
  onMove,
  onRemove,
}: {
  stepKey: string;
  title: string;
  isFirst: boolean;
  isLast: boolean;
  expanded: boolean;
  /** A step with refused fields stays open until they are fixed. */
  canCollapse: boolean;
  /** The id of the fields it opens and closes. */
  controls: string;
  onToggle: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="-mt-1 -mr-2 flex shrink-0 items-center">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={expanded}
        aria-controls={controls}
        aria-label={`${expanded ? 'Close' : 'Edit'} "${title}"`}
        disabled={expanded && !canCollapse}
        onClick={onToggle}
      >
        {expanded ? 'Close' : 'Edit'}
        <ChevronDown
          aria-hidden="true"
          className={`h-4 w-4 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
        />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        id={moveButtonId(stepKey, -1)}
        disabled={isFirst}
        aria-label={`Move "${title}" up`}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        id={moveButtonId(stepKey, 1)}
        disabled={isLast}
        aria-label={`Move "${title}" down`}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="hover:text-red-700"
        aria-label={`Remove "${title}"`}
        onClick={() => {
          if (window.confirm(removeStepQuestion(title))) onRemove();
        }}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </Button>
    </div>
  );
}
