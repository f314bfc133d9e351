// Desktop or phone: the width versions are drawn at, as in the editor's preview.
import { Segmented } from '../components/ui/segmented.tsx';
import { DEVICE_WIDTHS, type Device } from '../editor/preview/preview-modes.ts';

export { DEVICE_WIDTHS, type Device };

const OPTIONS = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Phone' },
] as const;

export function DeviceToggle({
  value,
  onChange,
}: {
  value: Device;
  onChange: (device: Device) => void;
}) {
  return <Segmented label="Width" value={value} options={OPTIONS} onChange={onChange} />;
}
