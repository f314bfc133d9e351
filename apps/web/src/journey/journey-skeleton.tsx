/** The timeline's shape while the journey loads: the thank-you and two steps. */
export function JourneySkeleton() {
  return (
    <div className="max-w-3xl space-y-6">
      <p role="status" className="sr-only">
        Loading your journey…
      </p>
      <div aria-hidden="true" className="space-y-6">
        <div className="h-24 animate-pulse rounded-2xl border border-slate-200 bg-white" />
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-4">
            <div className="h-10 w-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
            <div className="h-32 flex-1 animate-pulse rounded-2xl border border-slate-200 bg-white" />
          </div>
        ))}
      </div>
    </div>
  );
}
