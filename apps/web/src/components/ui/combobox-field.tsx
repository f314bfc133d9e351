// A labelled text box that filters a long list as the seller types (the time zone on Account: over
// 400 of them), in the WAI-ARIA combobox pattern: the focus stays in the box, the arrow keys move
// through the matches, Enter takes one, Escape closes the list. The list opens in the anchored layer
// at the end of the page (use-anchored-layer.ts), so no card can clip it. Imported from this file,
// not the kit's index: only Account uses it.
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { FloatingPortal } from '@floating-ui/react';
import { Check, ChevronDown } from 'lucide-react';
import { ANCHORED_LAYER_CLASS, useAnchoredLayer } from '../use-anchored-layer.ts';
import { controlClass } from './looks.ts';
import { useDensity } from './density.tsx';
import { Field } from './field.tsx';

export interface ComboboxOption {
  value: string;
  label: string;
}

/** Case, spaces and underscores aside: "new york" finds "America/New_York". */
function normalise(text: string): string {
  return text.toLowerCase().replaceAll('_', ' ').replace(/\s+/g, ' ').trim();
}

/** The options holding what was typed, those whose last part starts with it first. */
export function filterOptions(
  options: readonly ComboboxOption[],
  query: string,
): readonly ComboboxOption[] {
  const wanted = normalise(query);
  if (!wanted) return options;
  const starts: ComboboxOption[] = [];
  const holds: ComboboxOption[] = [];
  for (const option of options) {
    const label = normalise(option.label);
    if (!label.includes(wanted)) continue;
    const last = label.slice(label.lastIndexOf('/') + 1);
    (last.startsWith(wanted) || label.startsWith(wanted) ? starts : holds).push(option);
  }
  return [...starts, ...holds];
}

export function ComboboxField({
  label,
  hint,
  error,
  value,
  options,
  onChange,
  noMatches,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  value: string;
  options: readonly ComboboxOption[];
  onChange: (value: string) => void;
  /** Said in the list when nothing matches what was typed. */
  noMatches: (query: string) => string;
}) {
  const density = useDensity();
  const listId = useId();
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const [query, setQuery] = useState(() => labelOf(value));
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(0);
  const layer = useAnchoredLayer({ open, onOpenChange: setOpen, matchWidth: true });

  // A value chosen elsewhere (saved, reset) shows in the box.
  if (value !== shownValue) {
    setShownValue(value);
    setQuery(labelOf(value));
  }

  const matches = useMemo(
    () => (filtering ? filterOptions(options, query) : options),
    [filtering, options, query],
  );
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only joins listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  function openList() {
    if (open) return;
    // Unfiltered, the list opens on the current choice.
    setFiltering(false);
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  }

  function close() {
    setOpen(false);
    setFiltering(false);
    setQuery(labelOf(value));
  }

  function choose(option: ComboboxOption) {
    setOpen(false);
    setFiltering(false);
    setQuery(option.label);
    onChange(option.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(matches.length - 1, 0)));
    } else if (event.key === 'Enter' && open) {
      // Takes the highlighted match instead of sending the form.
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && (open || query !== labelOf(value))) {
      event.preventDefault();
      close();
    }
  }

  const invalid = Boolean(error);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            ref={layer.refs.setReference}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setFiltering(true);
              setActive(0);
              setOpen(true);
            }}
            onClick={openList}
            onKeyDown={onKeyDown}
            onBlur={close}
            className={controlClass(density, invalid, 'pr-9')}
          />
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <span role="status" className="sr-only">
            {open && filtering
              ? `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`
              : ''}
          </span>
          {open ? (
            <FloatingPortal>
              {/* The layer caps its height at the room left; the list inside scrolls. */}
              <div
                ref={layer.refs.setFloating}
                style={layer.style}
                {...layer.layerProps}
                className={`${ANCHORED_LAYER_CLASS} flex flex-col`}
              >
                <ul
                  id={listId}
                  role="listbox"
                  aria-label={label}
                  // Choosing with the pointer must not blur the box first (that would close the list).
                  onMouseDown={(e) => e.preventDefault()}
                  className="max-h-72 min-h-0 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
                >
                  {matches.length === 0 ? (
                    <li className="px-3 py-2 text-slate-600">{noMatches(query)}</li>
                  ) : (
                    matches.map((option, index) => {
                      const isSelected = option.value === value;
                      return (
                        <li
                          key={option.value}
                          id={optionId(index)}
                          role="option"
                          aria-selected={isSelected}
                          onClick={() => choose(option)}
                          onMouseMove={() => setActive(index)}
                          className={`flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 text-slate-800 ${
                            index === active ? 'bg-brand-50 text-brand-700' : ''
                          }`}
                        >
                          <Check
                            aria-hidden="true"
                            className={`size-4 shrink-0 ${isSelected ? 'text-brand-600' : 'invisible'}`}
                          />
                          <span className="break-words">{option.label}</span>
                        </li>
                      );
                    })
                  )}
                </ul>
              </div>
            </FloatingPortal>
          ) : null}
        </div>
      )}
    </Field>
  );
}
