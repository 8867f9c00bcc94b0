import { Code } from '@meridian/contract';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { audit } from '../operators';
import { readSettings } from '../settings';
import {
  type CompanyFields,
  type CompanyRow,
  findLiveCompany,
  insertCompany,
  searchCompanies,
  updateCompany,
} from './companies.repo';
import { ADMIN_PAGE_SIZE } from './news.service';

const SEARCH_LIMIT = 50;

/** A company as SPEC.md §3 names its fields. */
export const companyView = (c: CompanyRow) => ({
  id: c.id,
  name: c.name,
  subject: c.subject,
  logo: c.logo,
  url: c.url,
  registered_address: c.registeredAddress,
  location: c.location,
  email: c.email,
});

export async function findCompanies(db: Db, name: string) {
  const { rows } = await searchCompanies(db, name, SEARCH_LIMIT);
  return rows.map(companyView);
}

/** type is the company-search flag (1 on); a status other than 0 sends the browser to loss_url. */
export async function companyStatus(db: Db) {
  const s = await readSettings(db);
  return {
    status: Number(s.company_status),
    type: s.company_mode === '1' ? (1 as const) : (0 as const),
    loss_url: s.company_loss_url,
  };
}

export async function adminCompanyPage(db: Db, name: string, page: number) {
  const { rows, total } = await searchCompanies(db, name, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
  return { data: rows.map(companyView), total };
}

export interface CompanyDraft {
  id?: number;
  name: string;
  subject: string;
  logo: string;
  url: string;
  registered_address: string;
  location: string;
  email: string;
}

export async function saveCompany(db: Db, operatorId: number, draft: CompanyDraft) {
  const fields: CompanyFields = {
    name: draft.name,
    subject: draft.subject,
    logo: draft.logo,
    url: draft.url,
    registeredAddress: draft.registered_address,
    location: draft.location,
    email: draft.email,
  };
  return db.transaction(async (tx) => {
    const existing = draft.id === undefined ? undefined : await findLiveCompany(tx, draft.id);
    if (draft.id !== undefined && !existing) throw new AppError(Code.NOT_FOUND, 'not_found');
    const row = existing ? await updateCompany(tx, existing.id, fields) : await insertCompany(tx, fields);
    const after = companyView(row);
    await audit(tx, {
      operatorId,
      action: existing ? 'company.update' : 'company.create',
      targetType: 'company',
      targetId: row.id,
      before: existing && companyView(existing),
      after,
    });
    return after;
  });
}

export async function deleteCompany(db: Db, operatorId: number, id: number, at: Date) {
  return db.transaction(async (tx) => {
    const existing = await findLiveCompany(tx, id);
    if (!existing) throw new AppError(Code.NOT_FOUND, 'not_found');
    await updateCompany(tx, id, { deletedAt: at });
    await audit(tx, {
      operatorId,
      action: 'company.delete',
      targetType: 'company',
      targetId: id,
      before: companyView(existing),
    });
    return { id };
  });
}
