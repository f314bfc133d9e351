/**
 * Delay before a hover-opened menu closes, so the pointer can travel into it (spec section 9).
 * Free of React: the public site's header script uses it too.
 */
export const MENU_CLOSE_DELAY_MS = 180;
