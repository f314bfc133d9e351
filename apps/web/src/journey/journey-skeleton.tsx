/** The page's shape while the journey loads: the thank-you and two steps, and the settings. */
export function JourneySkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <p role="status" className="sr-only">
        Loading your journey…
      </p>
      <div aria-hidden="true" className="mt-11 space-y-6">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-4">
            <div className="h-10 w-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
            <div className="h-28 flex-1 animate-pulse rounded-2xl border border-slate-200 bg-white" />
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="h-64 animate-pulse rounded-2xl border border-slate-200 bg-white"
      />
    </div>
  );
}
