import { NEWS } from '../../api/content';
import { Page } from '../../ui/Page';
import { NewsList } from './NewsList';

/** SPEC.md §2 /news: market news, newest first. */
export default function NewsPage() {
  return (
    <Page>
      <NewsList categoryId={NEWS} />
    </Page>
  );
}
