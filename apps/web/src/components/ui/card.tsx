import type { ComponentProps, ReactNode } from 'react';

export function Card({
  children,
  className = '',
  as: Tag = 'section',
  ...rest
}: {
  children: ReactNode;
  className?: string;
  as?: 'section' | 'article' | 'div' | 'li';
} & Omit<ComponentProps<'section'>, 'children' | 'className' | 'ref'>) {
  return (
    <Tag
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}
      {...rest}
    >
      {children}
    </Tag>
  );
}
