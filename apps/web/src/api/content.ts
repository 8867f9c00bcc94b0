import { api } from '@meridian/contract';
import { request } from './http';

/** SPEC.md §3 news. */
export interface NewsItem {
  id: number;
  title: string;
  desc: string;
  logo: string;
  created_at: string;
}
export interface NewsArticle extends NewsItem {
  /** Sanitized by the server. */
  content: string;
}
/** SPEC.md §3 ranking row. */
export interface RankingRow {
  user: string;
  multiple: number;
  three_week_rate: string;
  three_week_win: string;
  three_week_profit: string;
  total_rate: string;
  total_trade_num: number;
  code: string;
}
/** SPEC.md §3 company. */
export interface Company {
  id: number;
  name: string;
  subject: string;
  logo: string;
  url: string;
  registered_address: string;
  location: string;
  email: string;
}
export interface CompanyStatus {
  status: number;
  /** 1: company-search mode. */
  type: number;
  loss_url: string;
}

/** News categories: 1 market news, 2 announcements. */
export const NEWS = 1;
export const ANNOUNCEMENTS = 2;

export const fetchNews = (categoryId: number, page: number) =>
  request<{ data: NewsItem[]; total: number }>(api.newsList, { category_id: categoryId, page });
export const fetchArticle = (id: number) => request<NewsArticle>(api.newsInfo, { id });
export const fetchComplaintEmail = () => request<{ email: string }>(api.complaintEmail);
export const fetchInviteInfo = () => request<{ invite_code: string; invited: number }>(api.inviteInfo);
export const fetchLeaderboard = () => request<RankingRow[]>(api.followList);
/** Search errors are silent (SPEC.md §8). */
export const searchCompanies = (name: string, signal?: AbortSignal) =>
  request<Company[]>(api.getCompany, { name }, { silent: true, signal });
export const fetchCompanyStatus = () =>
  request<CompanyStatus>(api.getCompanyStatus, {}, { silent: true, init: true });
