// Places a menu, popover or dialog next to the control that opened it, in a layer rendered through
// a portal at the end of <body>, so no canvas, scroll box or `overflow: hidden` ancestor can clip
// it. It flips to the other side when there is no room, shifts to stay inside the viewport, caps its
// height at the room left (it scrolls instead of running off a phone screen) and hides while its
// anchor is scrolled out of view.
import {
  autoUpdate,
  flip,
  hide,
  offset,
  shift,
  size,
  useFloating,
  type Placement,
} from '@floating-ui/react';

/** Keeps the layer this far from the viewport's edges. */
const VIEWPORT_MARGIN_PX = 8;
/** Below this the layer flips rather than shrinking into a sliver. */
const MIN_HEIGHT_PX = 120;

export function useAnchoredLayer({
  open,
  onOpenChange,
  placement = 'bottom',
  matchWidth = false,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  placement?: Placement;
  /** As wide as the anchor, following it as the page resizes (a combobox's list). */
  matchWidth?: boolean;
}) {
  const floating = useFloating({
    open,
    onOpenChange,
    placement,
    // Fixed: the layer lives in <body>, so sticky headers and scrolled containers do not move it.
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: VIEWPORT_MARGIN_PX, fallbackAxisSideDirection: 'end' }),
      shift({ padding: VIEWPORT_MARGIN_PX }),
      size({
        padding: VIEWPORT_MARGIN_PX,
        apply({ availableHeight, elements, rects }) {
          elements.floating.style.maxHeight = `${Math.max(MIN_HEIGHT_PX, Math.floor(availableHeight))}px`;
          if (matchWidth) elements.floating.style.width = `${rects.reference.width}px`;
        },
      }),
      hide({ padding: VIEWPORT_MARGIN_PX }),
    ],
  });
  return {
    refs: floating.refs,
    style: floating.floatingStyles,
    /** Spread on the layer: with the class below it goes invisible while its anchor is out of view. */
    layerProps: {
      'data-anchor-hidden': floating.middlewareData.hide?.referenceHidden ? '' : undefined,
    },
  };
}

/** Classes every anchored layer wants: above the page, hidden while its anchor is scrolled away. */
export const ANCHORED_LAYER_CLASS = 'z-50 data-anchor-hidden:invisible';
