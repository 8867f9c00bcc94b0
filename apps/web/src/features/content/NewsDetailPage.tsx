import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fetchArticle, type NewsArticle } from '../../api/content';
import { useApp } from '../../stores/app';
import { Page } from '../../ui/Page';
import { formatDate } from './date';

/** SPEC.md §2 /news/detail?id=: one article; its HTML comes sanitized from the server. */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const lang = useApp((s) => s.lang);
  const [article, setArticle] = useState<NewsArticle | null>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of language fetches the article again in it
  useEffect(() => {
    setArticle(null);
    setFailed(false);
    if (!Number.isInteger(id) || id <= 0) {
      setFailed(true);
      return;
    }
    fetchArticle(id).then(setArticle, () => setFailed(true));
  }, [id, lang]);

  return (
    <Page>
      {failed ? (
        <ErrorBlock status="empty" title={t('content.notFound')} description="" />
      ) : !article ? (
        <div className="article">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : (
        <article className="article">
          <h1 className="article__title">{article.title}</h1>
          <time className="article__time" dateTime={article.created_at}>
            {formatDate(article.created_at)}
          </time>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes article HTML (sanitize-html) */}
          <div className="article__body" dangerouslySetInnerHTML={{ __html: article.content }} />
        </article>
      )}
    </Page>
  );
}
