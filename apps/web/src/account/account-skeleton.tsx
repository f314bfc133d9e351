import { Container } from '../components/ui/index.ts';

export function AccountSkeleton() {
  return (
    <Container className="py-10">
      <div aria-busy="true" aria-live="polite" data-testid="account-skeleton">
        <span className="sr-only">Loading account</span>
        <div className="flex items-center gap-3">
          <div className="h-9 w-40 animate-pulse rounded bg-slate-200" />
          <div className="h-6 w-16 animate-pulse rounded-full bg-slate-200" />
          <div className="h-6 w-16 animate-pulse rounded-full bg-slate-200" />
        </div>
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="h-72 animate-pulse rounded-2xl bg-slate-100 lg:col-span-2" />
          <div className="h-40 animate-pulse rounded-2xl bg-slate-100" />
        </div>
      </div>
    </Container>
  );
}
