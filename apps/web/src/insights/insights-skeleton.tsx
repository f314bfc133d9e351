import { CHART_HEIGHT } from './daily-chart.tsx';
import { TILE_SIZE } from './summary-tiles.tsx';

/** The final layout's sizes, so nothing jumps when the numbers arrive. */
export function InsightsSkeleton() {
  return (
    <div data-testid="insights-skeleton" className="space-y-6">
      <p role="status" className="sr-only">
        Loading insights
      </p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={`${TILE_SIZE} animate-pulse rounded-2xl bg-slate-100`} />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <div
            key={i}
            className="animate-pulse rounded-2xl bg-slate-100"
            style={{ height: CHART_HEIGHT + 116 }}
          />
        ))}
      </div>
      <div className="h-48 animate-pulse rounded-2xl bg-slate-100" />
    </div>
  );
}
