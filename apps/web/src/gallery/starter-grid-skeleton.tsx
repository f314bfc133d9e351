/** Three tiles' worth of space while the starter designs load. */
export function StarterGridSkeleton() {
  return (
    <ul
      aria-busy="true"
      aria-label="Loading starter designs"
      className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {[0, 1, 2].map((i) => (
        <li
          key={i}
          className="h-[360px] animate-pulse rounded-2xl border border-slate-200 bg-slate-50"
        />
      ))}
    </ul>
  );
}
