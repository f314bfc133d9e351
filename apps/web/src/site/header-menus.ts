import { MENU_CLOSE_DELAY_MS } from '../components/menu-timing.ts';
import { onHandOver, siteSignal } from './lifecycle.ts';

/** The button that opens `menu`: the one whose aria-controls names it. */
function toggleFor(menu: Element): HTMLButtonElement | null {
  return document.querySelector<HTMLButtonElement>(
    `button[aria-controls="${CSS.escape(menu.id)}"]`,
  );
}

/**
 * The phone-width "Menu" of the site header, as SiteHeader behaves: the button toggles the
 * navigation (aria-expanded), Escape inside it closes it and returns focus to the button, and a
 * click outside closes it.
 */
function enhanceMobileMenu(nav: HTMLElement): void {
  const button = toggleFor(nav);
  if (!button) return;
  const setOpen = (open: boolean) => {
    nav.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  const opts = { signal: siteSignal };
  button.addEventListener('click', () => setOpen(nav.hidden), opts);
  nav.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.focus();
    },
    opts,
  );
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Node;
      if (!nav.hidden && !nav.contains(target) && !button.contains(target)) setOpen(false);
    },
    opts,
  );
  onHandOver(() => setOpen(false));
}

/**
 * The 'Learn & Inspire' dropdown, as LearnMenu behaves: opens on hover or click, closes a moment
 * after the pointer or focus leaves; ArrowDown on the button opens it at the first link, Arrow
 * keys, Home and End move through the links, Escape closes it (from the list, focus returns).
 */
function enhanceLearnMenu(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button[aria-controls]');
  const list = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !list) return;
  const links = () => Array.from(list.querySelectorAll<HTMLAnchorElement>('a'));
  const focusLink = (index: number) => {
    const all = links();
    if (all.length > 0) all[(index + all.length) % all.length]?.focus();
  };
  let closeTimer: number | undefined;
  const cancelClose = () => window.clearTimeout(closeTimer);
  const setOpen = (open: boolean) => {
    cancelClose();
    list.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  const closeLater = () => {
    cancelClose();
    closeTimer = window.setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
  };
  const isOpen = () => !list.hidden;
  const opts = { signal: siteSignal };

  root.addEventListener('mouseenter', () => setOpen(true), opts);
  root.addEventListener('mouseleave', closeLater, opts);
  root.addEventListener(
    'focusout',
    (event) => {
      if (!root.contains(event.relatedTarget as Node | null)) closeLater();
    },
    opts,
  );
  button.addEventListener('click', () => setOpen(!isOpen()), opts);
  button.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setOpen(true);
        requestAnimationFrame(() => focusLink(0));
      } else if (event.key === 'Escape' && isOpen()) {
        setOpen(false);
      }
    },
    opts,
  );
  list.addEventListener(
    'keydown',
    (event) => {
      const all = links();
      const current = all.indexOf(document.activeElement as HTMLAnchorElement);
      const moves: Record<string, number> = {
        ArrowDown: current + 1,
        ArrowUp: current - 1,
        Home: 0,
        End: all.length - 1,
      };
      const target = moves[event.key];
      if (target !== undefined) {
        event.preventDefault();
        focusLink(target);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        button.focus();
      }
    },
    opts,
  );
  onHandOver(() => setOpen(false));
}

/** Makes the prerendered site header's menus work without React. */
export function enhanceHeaderMenus(): void {
  const mobile = document.querySelector<HTMLElement>('[data-site-menu="mobile"]');
  if (mobile) enhanceMobileMenu(mobile);
  const learn = document.querySelector<HTMLElement>('[data-site-menu="learn"]');
  if (learn) enhanceLearnMenu(learn);
}
