import { Page } from '../../ui/Page';

/** SPEC.md §2: the feedback route is a title bar with a back arrow only. */
export default function FeedbackPage() {
  return <Page />;
}
