import {
  api,
  type Company,
  type CompanyStatus,
  type ComplaintEmail,
  type InviteInfo,
  type NewsArticle,
  type NewsItem,
  type NewsPage,
  type RankingRow,
} from '@meridian/contract';
import { request } from './http';

/** News categories: 1 market news, 2 announcements. */
export const NEWS = 1;
export const ANNOUNCEMENTS = 2;

export const fetchNews = (categoryId: number, page: number) =>
  request<NewsPage>(api.newsList, { category_id: categoryId, page });
export const fetchArticle = (id: number) => request<NewsArticle>(api.newsInfo, { id });
export const fetchComplaintEmail = () => request<ComplaintEmail>(api.complaintEmail);
export const fetchInviteInfo = () => request<InviteInfo>(api.inviteInfo);
export const fetchLeaderboard = () => request<RankingRow[]>(api.followList);
/** Search errors are silent (SPEC.md §8). */
export const searchCompanies = (name: string, signal?: AbortSignal) =>
  request<Company[]>(api.getCompany, { name }, { silent: true, signal });
export const fetchCompanyStatus = () =>
  request<CompanyStatus>(api.getCompanyStatus, {}, { silent: true, init: true });

export type { Company, CompanyStatus, NewsArticle, NewsItem, RankingRow };
