// What a page view may name, with no schema library: the public site's script checks it before
// sending (it must stay free of zod), and pageViewSchema holds the server to the same rule.
export const PAGE_VIEW_PATH_MAX = 200;
/** A site path without a query string. */
export const PAGE_VIEW_PATH = /^\/[\w\-/.]*$/;
