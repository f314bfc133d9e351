// "History" in the editor's header: a link to the template's versions (src/history, its own
// chunk), so the editor's first load carries only this link.
import { useSearchParams } from 'react-router';
import { History } from 'lucide-react';
import { ButtonLink } from '../../components/ui/index.ts';
import { historyPath } from '../../history/history-paths.ts';

export function HistoryLink() {
  const [params] = useSearchParams();
  const templateId = params.get('id');
  // A template not yet saved has no versions: each Save makes one.
  if (!templateId) return null;
  return (
    <ButtonLink variant="secondary" to={historyPath(templateId)} data-keep-selection>
      <History aria-hidden="true" className="h-4 w-4" />
      History
    </ButtonLink>
  );
}
