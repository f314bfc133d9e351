import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { MENU_CLOSE_DELAY_MS } from './menu-timing.ts';

export { MENU_CLOSE_DELAY_MS };

export const LEARN_LINKS = [
  { to: '/content-hub', label: 'Learn & Inspire hub' },
  { to: '/thank-you-messages-vs-emails', label: 'Messages vs Emails' },
] as const;

/**
 * The 'Learn & Inspire' dropdown: a disclosure button with a list of links. Opens on hover or
 * click; Arrow keys move through the links, Escape closes it and returns focus to the button.
 */
export function LearnMenu() {
  const { pathname } = useLocation();
  const [openFor, setOpenFor] = useState<string | null>(null);
  const open = openFor === pathname;
  const closeTimer = useRef<number | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const cancelClose = () => {
    if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const show = () => {
    cancelClose();
    setOpenFor(pathname);
  };
  const hide = () => {
    cancelClose();
    setOpenFor(null);
  };
  const hideLater = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(hide, MENU_CLOSE_DELAY_MS);
  };

  useEffect(() => () => cancelClose(), []);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      show();
      requestAnimationFrame(() => focusLink(0));
    } else if (event.key === 'Escape' && open) {
      hide();
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const all = links();
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusLink(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusLink(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusLink(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusLink(all.length - 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      hide();
      buttonRef.current?.focus();
    }
  };

  return (
    <div
      className="relative"
      data-site-menu="learn"
      onMouseEnter={show}
      onMouseLeave={hideLater}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hideLater();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? hide() : show())}
        onKeyDown={onButtonKeyDown}
        className="focus-ring inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950"
      >
        Learn &amp; Inspire
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <ul
        ref={listRef}
        id={menuId}
        hidden={!open}
        onKeyDown={onListKeyDown}
        className="absolute left-0 z-40 mt-1 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {LEARN_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={hide}
              className="focus-ring block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
