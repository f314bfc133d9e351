import type { ReactNode } from 'react';
import { alertClass } from './looks.ts';

export function Alert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={alertClass(tone)}>
      {children}
    </div>
  );
}
