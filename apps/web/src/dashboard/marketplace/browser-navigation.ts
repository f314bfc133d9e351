/** Leaves for the marketplace's consent page (or, without credentials, the demo shop link). */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
