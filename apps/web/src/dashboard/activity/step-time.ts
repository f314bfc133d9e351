// Times of an order's follow-up emails, on the seller's own clock (the browser's zone, named), since
// they answer "when will my buyer get it?"; the order's own time stays on Athens time beside it.
const localFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function formatLocalTime(iso: string, format: Intl.DateTimeFormat = localFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}
