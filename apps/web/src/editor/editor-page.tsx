// /thankly/create[?id=]: loads the template (or starts from the default one), then the editor.
import { Link, useSearchParams } from 'react-router';
import { createDefaultTemplate, designSchema, type Design } from '@thankly/email';
import { Container } from '../components/ui.tsx';
import { LOADING_TEXT } from '../components/require-auth.tsx';
import { PRODUCT_PATH } from '../route-meta.ts';
import { usePaidFeatures, useTemplate } from '../dashboard/templates/template-queries.ts';
import {
  DEFAULT_EMAIL_SETTINGS,
  conditionsFromServer,
  type TemplateFields,
} from './form/template-form.ts';
import { TemplateEditor } from './template-editor.tsx';

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
  const template = useTemplate(id);
  const paid = usePaidFeatures();

  if (paid === null || (id && template.isPending)) return <Loading />;

  if (id && (template.isError || !template.data)) {
    // Spec section 8: a failed load shows no error message, only a diagnostic.
    console.warn('Template load failed', template.error);
    return (
      <Container className="py-10">
        <Link to={PRODUCT_PATH} className="text-sm font-medium text-brand-700 underline">
          Back
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Create template</h1>
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
  } else {
    const fresh = createDefaultTemplate();
    design = fresh.design;
    fields = {
      name: fresh.name,
      subject: fresh.subject,
      ...DEFAULT_EMAIL_SETTINGS,
      sendConditions: conditionsFromServer(undefined),
    };
  }
  return (
    <TemplateEditor
      key={id ?? 'new'}
      templateId={id}
      initialDesign={design}
      initialFields={fields}
      conditionalAvailable={paid}
    />
  );
}
