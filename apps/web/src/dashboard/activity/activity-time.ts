// Times in Recent orders and the screens beside it, on Athens time: the clock Thankly's daily limit
// runs on, so every time a seller reads on the dashboard is on one clock.
const timeFormat = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Athens',
});

export function formatActivityTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}
