import { ANNOUNCEMENTS } from '../../api/content';
import { Page } from '../../ui/Page';
import { NewsList } from './NewsList';

/** SPEC.md §2 /mine/announcement: the platform's announcements, read like news. */
export default function AnnouncementPage() {
  return (
    <Page>
      <NewsList categoryId={ANNOUNCEMENTS} />
    </Page>
  );
}
