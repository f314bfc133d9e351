import { Button } from '../components/ui/index.ts';

/** Save, and in words whether anything is left to save. */
export function BrandSaveRow({ saving, isDirty }: { saving: boolean; isDirty: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
      <Button type="submit" disabled={saving || !isDirty}>
        {saving ? 'Saving…' : 'Save brand'}
      </Button>
      <span role="status" className="text-sm text-slate-600">
        {saving ? '' : isDirty ? 'Unsaved changes' : 'All changes saved'}
      </span>
    </div>
  );
}
