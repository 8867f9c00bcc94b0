import { useTranslation } from 'react-i18next';
import type { Problem } from './orderProblems';

/** A field's problem, said beside it: the server's own message (its key, or its text when the server refused). */
export function FieldProblem({
  id,
  problem,
}: {
  id: string;
  problem: Problem | { text: string } | undefined;
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <p id={id} className="field-problem" role="alert">
      {'text' in problem ? problem.text : t(`order.refusal.${problem.key}`, problem.params)}
    </p>
  );
}
