import { Container, PageHeader } from '../components/ui/index.ts';

export function BrandSkeleton({ title }: { title: string }) {
  return (
    <Container className="py-10">
      <PageHeader title={title} />
      <p role="status" className="sr-only">
        Loading your brand…
      </p>
      <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
        <div className="h-[560px] animate-pulse rounded-2xl border border-slate-200 bg-white" />
        <div className="h-[560px] animate-pulse rounded-2xl border border-slate-200 bg-white" />
      </div>
    </Container>
  );
}
