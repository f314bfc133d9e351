import type { ReactNode } from 'react';
import { DARK_FILTER, DEVICE_WIDTHS, type Device, type Theme } from './preview-modes.ts';

/** A frame as wide as the chosen device (narrower screens scroll), in light or simulated dark mode. */
export function PreviewFrame({
  device,
  theme,
  children,
}: {
  device: Device;
  theme: Theme;
  children: ReactNode;
}) {
  const width = DEVICE_WIDTHS[device];
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-slate-100 p-2 sm:p-4">
      <div
        data-testid="preview-frame"
        data-device={device}
        data-theme={theme}
        style={{
          width,
          maxWidth: '100%',
          filter: theme === 'dark' ? DARK_FILTER : undefined,
        }}
        className={`mx-auto overflow-hidden rounded-lg bg-white shadow-sm transition-[width] ${
          theme === 'dark' ? '[&_img]:[filter:invert(1)_hue-rotate(180deg)]' : ''
        }`}
      >
        {children}
      </div>
    </div>
  );
}
