import {
  api,
  type Company,
  type CompanyStatus,
  type NewsArticle,
  type NewsItem,
  type RankingRow,
} from '@meridian/contract';
import { request } from './http';

/** News categories: 1 market news, 2 announcements. */
export const NEWS = 1;
export const ANNOUNCEMENTS = 2;

export const fetchNews = (categoryId: number, page: number) =>
  request(api.newsList, { category_id: categoryId, page });
export const fetchArticle = (id: number) => request(api.newsInfo, { id });
export const fetchComplaintEmail = () => request(api.complaintEmail);
export const fetchInviteInfo = () => request(api.inviteInfo);
export const fetchLeaderboard = () => request(api.followList);
/** Search errors are silent (SPEC.md §8). */
export const searchCompanies = (name: string, signal?: AbortSignal) =>
  request(api.getCompany, { name }, { silent: true, signal });
export const fetchCompanyStatus = () => request(api.getCompanyStatus, {}, { silent: true, init: true });

export type { Company, CompanyStatus, NewsArticle, NewsItem, RankingRow };
