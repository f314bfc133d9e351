// The brand's logo: uploaded from the device (button, drop, paste), picked from the seller's images,
// or given as a web address. The Brand page and its tests only see this component.
import { TextField } from '../components/ui/index.ts';
import { ImageUploadField } from '../media/image-upload-field.tsx';

export function LogoField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | undefined;
  onChange: (url: string) => void;
}) {
  return (
    <div className="space-y-3">
      <ImageUploadField label="Logo" value={value} onChoose={(media) => onChange(media.url)} />
      <TextField
        label="Logo address"
        type="url"
        inputMode="url"
        placeholder="https://your-shop.example/logo.png"
        hint="Filled in when you upload; or paste the address of a logo already on the web. It shows at the top of your emails."
        value={value}
        error={error ?? null}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
