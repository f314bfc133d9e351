// /thankly/create[?id=|?starter=]: loads the template, or starts from a starter design of the gallery
// (?starter=, chosen in the New template picker), or from the default one; then the editor.
import { use } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createDefaultTemplate, designSchema, type Design } from '@thankly/email';
import { Container } from '../components/ui/index.ts';
import { LOADING_TEXT } from '../components/require-auth.tsx';
import { PRODUCT_PATH } from '../route-meta.ts';
import { usePaidFeatures, useTemplate } from '../dashboard/templates/template-queries.ts';
import { useBrand, useGallery } from '../brand/brand-queries.ts';
import {
  DEFAULT_EMAIL_SETTINGS,
  conditionsFromServer,
  type TemplateFields,
} from './form/template-form.ts';
import { EDITOR_TITLES } from './editor-header.tsx';
import { TemplateEditor } from './template-editor.tsx';
import type * as BrandKit from '../brand/apply-brand-command.ts';

/**
 * The code that puts a brand on a design (it sanitises the sign-off: about 100 KB), loaded once and
 * only for a new template of a seller with a brand; null if it failed to load (the template then
 * starts unbranded, as it does without a brand).
 */
let branding: Promise<typeof BrandKit | null> | null = null;
function loadBranding() {
  branding ??= import('../brand/apply-brand-command.ts').catch(() => null);
  return branding;
}

function Loading() {
  return (
    <p role="status" className="py-16 text-center text-slate-600">
      {LOADING_TEXT}
    </p>
  );
}

export default function EditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const starterId = id ? null : params.get('starter');
  const template = useTemplate(id);
  const gallery = useGallery({ enabled: starterId !== null });
  // The default template wears the seller's brand too; without one (or if it fails to load) it
  // starts as the spec draws it.
  const brand = useBrand({ enabled: !id && !starterId });
  const paid = usePaidFeatures();
  const starter = starterId ? gallery.data?.find((d) => d.id === starterId) : undefined;
  const starterDesign = starter ? designSchema.safeParse(starter.design) : null;

  if (
    paid === null ||
    (id && template.isPending) ||
    (starterId && gallery.isPending) ||
    // Only the first load waits: the editor also reads the brand (for the blocks the seller adds),
    // and a later fetch of it must never take the editor off the screen.
    (!id && !starterId && brand.isPending && !brand.isFetched)
  )
    return <Loading />;

  if (
    (id && (template.isError || !template.data)) ||
    (starterId && (!starterDesign || !starterDesign.success))
  ) {
    // Spec section 8: a failed load shows no error message, only a diagnostic.
    console.warn('Template load failed', id ? template.error : (gallery.error ?? starterId));
    return (
      <Container className="py-10">
        <Link to={PRODUCT_PATH} className="text-sm font-medium text-brand-700 underline">
          Back
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">
          {id ? EDITOR_TITLES.edit : EDITOR_TITLES.create}
        </h1>
        <p className="mt-6 text-slate-600">
          This template is not available.{' '}
          <Link to={`${PRODUCT_PATH}/create`} className="font-medium text-brand-700 underline">
            Start a new template
          </Link>
        </p>
      </Container>
    );
  }

  let design: Design;
  let fields: TemplateFields;
  if (id && template.data) {
    const parsed = designSchema.safeParse(template.data.design);
    design = parsed.success ? parsed.data : createDefaultTemplate().design;
    fields = {
      name: template.data.name,
      subject: template.data.subject,
      preheader: template.data.preheader ?? DEFAULT_EMAIL_SETTINGS.preheader,
      language: template.data.language ?? DEFAULT_EMAIL_SETTINGS.language,
      sendConditions: conditionsFromServer(template.data.sendConditions),
    };
  } else if (starter && starterDesign?.success) {
    // A new template from a starter design: unsaved until the seller saves it.
    design = starterDesign.data;
    fields = {
      name: starter.name,
      subject: starter.subject,
      ...DEFAULT_EMAIL_SETTINGS,
      sendConditions: conditionsFromServer(undefined),
    };
  } else {
    const fresh = createDefaultTemplate();
    // `use` suspends until the branding code is there (the page shows Loading… meanwhile).
    const brandKit = brand.data ? use(loadBranding()) : null;
    design = brand.data && brandKit ? brandKit.applyBrand(fresh.design, brand.data) : fresh.design;
    fields = {
      name: fresh.name,
      subject: fresh.subject,
      ...DEFAULT_EMAIL_SETTINGS,
      sendConditions: conditionsFromServer(undefined),
    };
  }
  return (
    <TemplateEditor
      key={id ?? (starter ? `starter:${starter.id}` : 'new')}
      templateId={id}
      initialDesign={design}
      initialFields={fields}
      conditionalAvailable={paid}
    />
  );
}
