import { ErrorBlock, InfiniteScroll, List } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchNews, type NewsItem } from '../../api/content';
import { TapItem } from '../../ui/TapItem';
import { formatDate } from './date';

/** A paged list of one news category; a tap opens the article. */
export function NewsList({ categoryId }: { categoryId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [items, setItems] = useState<NewsItem[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(true);

  const loadMore = useCallback(async () => {
    try {
      const result = await fetchNews(categoryId, page);
      setItems((old) => [...old, ...result.data]);
      setPage((p) => p + 1);
      setHasMore(items.length + result.data.length < result.total);
    } catch (error) {
      setHasMore(false);
      throw error;
    }
  }, [categoryId, page, items.length]);

  return (
    <>
      {!hasMore && items.length === 0 ? (
        <ErrorBlock status="empty" title={t('content.empty')} description="" />
      ) : (
        <List className="news-list">
          {items.map((item) => (
            <TapItem
              key={item.id}
              prefix={<img src={item.logo} alt="" width={56} height={56} className="news-list__logo" />}
              description={
                <>
                  <span className="news-list__desc">{item.desc}</span>
                  <time className="news-list__time" dateTime={item.created_at}>
                    {formatDate(item.created_at)}
                  </time>
                </>
              }
              onClick={() => navigate(`/news/detail?id=${item.id}`)}
              arrowIcon={false}
            >
              <span className="news-list__title">{item.title}</span>
            </TapItem>
          ))}
        </List>
      )}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {hasMore ? t('common.loading') : items.length > 0 ? t('content.noMore') : null}
      </InfiniteScroll>
    </>
  );
}
