import { api, Code } from '@meridian/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { auditLog } from '../src/operators/schema';
import type { Role } from '../src/operators/session';
import { settings } from '../src/settings/schema';
import { operatorToken } from './admin-helpers';
import { addDemoContent } from './demo-data';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await addDemoContent(t);
});
afterAll(() => t?.close());

const operator = (role: Role) => operatorToken(t, role);

const setSetting = (key: string, value: string) =>
  t.database.db.update(settings).set({ value }).where(eq(settings.key, key));

describe('news', () => {
  it('lists the seeded market news page by page in the caller’s language', async () => {
    const en = await t.call('GET', api.newsList.path, { query: { category_id: 1, page: 1 } });
    expect(en.body.code).toBe(1);
    expect(en.body.data.total).toBe(12);
    expect(en.body.data.data).toHaveLength(10);
    expect(en.body.data.data[0]).toMatchObject({
      title: 'Fed holds rates steady and signals patience',
      logo: '/news/fed.svg',
    });
    expect(Object.keys(en.body.data.data[0]).sort()).toEqual(['created_at', 'desc', 'id', 'logo', 'title']);
    const second = await t.call('GET', api.newsList.path, { query: { category_id: 1, page: 2 } });
    expect(second.body.data.data).toHaveLength(2);

    const de = await t.call('GET', api.newsList.path, { lang: 'de', query: { category_id: 1 } });
    expect(de.body.data.data[0].title).toBe('Fed belässt Leitzins und mahnt zur Geduld');
    const jp = await t.call('GET', api.newsList.path, { lang: 'jp', query: { category_id: 1 } });
    expect(jp.body.data.data[0].title).toBe('FRB、金利据え置き　慎重姿勢を示唆');
  });

  it('shows an article with its HTML content, in English where it has no translation', async () => {
    const list = await t.call('GET', api.newsList.path, { query: { category_id: 1 } });
    const id = list.body.data.data[1].id;
    const ar = await t.call('GET', api.newsInfo.path, { lang: 'ar', query: { id } });
    expect(ar.body.data).toMatchObject({ id, title: 'الذهب يسجل مستوى قياسيًا مع تراجع العوائد الحقيقية' });
    expect(ar.body.data.content).toMatch(/^<p>/);
  });

  it('answers an unknown article with not found', async () => {
    const res = await t.call('GET', api.newsInfo.path, { query: { id: 999999 } });
    expect(res.body.code).toBe(Code.NOT_FOUND);
  });

  it('has the restricted-countries announcement, counting the countries without naming them', async () => {
    const res = await t.call('GET', api.newsList.path, { query: { category_id: 2 } });
    const notice = res.body.data.data.find(
      (n: { title: string }) => n.title === 'Service availability notice',
    );
    expect(notice.desc).toBe('Our services are not offered to residents of 4 countries.');
    const detail = await t.call('GET', api.newsInfo.path, { lang: 'fr', query: { id: notice.id } });
    expect(detail.body.data.content).toContain('résidents de 4 pays');
    for (const code of ['US', 'KP', 'IR', 'SY']) expect(detail.body.data.content).not.toContain(code);
  });
});

describe('support', () => {
  it('gives the complaint e-mail from the settings', async () => {
    const res = await t.call('GET', api.complaintEmail.path);
    expect(res.body).toMatchObject({ code: 1, data: { email: 'complaints@meridian.local' } });
    await setSetting('complaint_email', 'help@broker.example');
    expect((await t.call('GET', api.complaintEmail.path)).body.data.email).toBe('help@broker.example');
  });

  it('serves the built-in support page the chat iframe shows, in the language asked for', async () => {
    const basic = await t.call('GET', api.basicInfo.path);
    expect(basic.body.data.service_link).toBe('/support');
    const res = await t.http.inject({ method: 'GET', url: '/support?lang=de' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Kundensupport');
    expect(res.body).toContain('mailto:help@broker.example');
  });
});

describe('companies', () => {
  it('finds companies by part of their name', async () => {
    const all = await t.call('GET', api.getCompany.path);
    expect(all.body.data.length).toBeGreaterThanOrEqual(4);
    const res = await t.call('GET', api.getCompany.path, { query: { name: 'harb' } });
    expect(res.body.data).toEqual([
      expect.objectContaining({
        name: 'Harbour Capital Pte Ltd',
        location: 'Singapore',
        registered_address: expect.any(String),
      }),
    ]);
    const wildcard = await t.call('GET', api.getCompany.path, { query: { name: '%' } });
    expect(wildcard.body.data).toEqual([]);
  });

  it('reports the company status and mode from the settings', async () => {
    expect((await t.call('GET', api.getCompanyStatus.path)).body.data).toEqual({
      status: 0,
      type: 0,
      loss_url: '',
    });
    await setSetting('company_mode', '1');
    await setSetting('company_status', '2');
    await setSetting('company_loss_url', 'https://example.com/closed');
    expect((await t.call('GET', api.getCompanyStatus.path)).body.data).toEqual({
      status: 2,
      type: 1,
      loss_url: 'https://example.com/closed',
    });
    await setSetting('company_status', '0');
  });
});

describe('content back office', () => {
  const draft = {
    category_id: 1,
    logo: '/news/gold.svg',
    translations: {
      en: {
        title: 'Copper hits a two-year high',
        desc: 'Supply worries lift the metal.',
        content:
          '<p onclick="steal()">Copper rose.</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="https://example.com">source</a>',
      },
      de: { title: 'Kupfer auf Zweijahreshoch', desc: 'Angebotssorgen.', content: '<p>Kupfer stieg.</p>' },
    },
  };
  const save = (token: string, body: unknown) =>
    t.http.inject({
      method: 'POST',
      url: '/admin/api/news/save',
      headers: { authorization: token, 'content-type': 'application/json', lang: 'en' },
      payload: JSON.stringify(body),
    });

  it('sanitizes an article on save, serves it, audits each change and deletes it', async () => {
    const editor = await operator('content');
    const created = (await save(editor.token, draft)).json();
    expect(created.code).toBe(1);
    const id = created.data.id;
    const html = created.data.translations.en.content;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">source</a>',
    );

    const shown = await t.call('GET', api.newsInfo.path, { lang: 'de', query: { id } });
    expect(shown.body.data).toMatchObject({
      title: 'Kupfer auf Zweijahreshoch',
      content: '<p>Kupfer stieg.</p>',
    });
    const fallback = await t.call('GET', api.newsInfo.path, { lang: 'it', query: { id } });
    expect(fallback.body.data.title).toBe('Copper hits a two-year high');

    const edited = (await save(editor.token, { ...draft, id, category_id: 2 })).json();
    expect(edited.data.category_id).toBe(2);
    const page = await t.call('GET', '/admin/api/news', { token: editor.token });
    expect(page.body.data.data.find((n: { id: number }) => n.id === id).translations.de.title).toBe(
      'Kupfer auf Zweijahreshoch',
    );

    const removed = await t.call('POST', '/admin/api/news/delete', { token: editor.token, form: { id } });
    expect(removed.body).toMatchObject({ code: 1, data: { id } });
    expect((await t.call('GET', api.newsInfo.path, { query: { id } })).body.code).toBe(Code.NOT_FOUND);

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'news'), eq(auditLog.targetId, String(id))));
    expect(trail.map((r) => r.action)).toEqual(['news.create', 'news.update', 'news.delete']);
    expect(trail.every((r) => r.operatorId === editor.id)).toBe(true);
  });

  it('saves, lists and deletes companies with an audit row each', async () => {
    const admin = await operator('admin');
    const form = {
      name: 'Nordic Brokers AS',
      subject: 'Forex',
      location: 'Oslo',
      email: 'hi@nordic.example',
    };
    const created = await t.call('POST', '/admin/api/companies/save', { token: admin.token, form });
    expect(created.body.data).toMatchObject({ name: 'Nordic Brokers AS', logo: '', url: '' });
    const id = created.body.data.id;
    const listed = await t.call('GET', '/admin/api/companies', {
      token: admin.token,
      query: { name: 'nordic' },
    });
    expect(listed.body.data).toMatchObject({ total: 1, data: [{ id }] });
    await t.call('POST', '/admin/api/companies/save', {
      token: admin.token,
      form: { ...form, id, location: 'Bergen' },
    });
    await t.call('POST', '/admin/api/companies/delete', { token: admin.token, form: { id } });
    expect((await t.call('GET', api.getCompany.path, { query: { name: 'nordic' } })).body.data).toEqual([]);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'company'), eq(auditLog.targetId, String(id))));
    expect(trail.map((r) => r.action)).toEqual(['company.create', 'company.update', 'company.delete']);
  });

  it('refuses operators without the content role and trader tokens', async () => {
    const finance = await operator('finance');
    expect((await save(finance.token, draft)).json().code).toBe(Code.FORBIDDEN);
    expect((await t.call('GET', '/admin/api/companies', { token: finance.token })).body.code).toBe(
      Code.FORBIDDEN,
    );

    const [user] = await t.database.db
      .insert(users)
      .values({
        uid: 'content-trader',
        loginType: 'email',
        email: 'reader@example.com',
        inviteCode: 'READER01',
      })
      .returning();
    const trader = await createSession(t.database.db, user!.id);
    expect((await save(trader, draft)).json().code).toBe(Code.SESSION_INVALID);
    expect(
      (await t.call('POST', '/admin/api/news/delete', { token: trader, form: { id: 1 } })).body.code,
    ).toBe(Code.SESSION_INVALID);
  });
});

describe('invite', () => {
  it('gives the caller’s invite code and counts the friends who registered with it', async () => {
    const [inviter] = await t.database.db
      .insert(users)
      .values({ uid: 'inviter-1', loginType: 'email', email: 'inviter@example.com', inviteCode: 'INVITE01' })
      .returning();
    await t.database.db.insert(users).values([
      {
        uid: 'friend-1',
        loginType: 'email',
        email: 'f1@example.com',
        inviteCode: 'FRIEND01',
        inviterId: inviter!.id,
      },
      {
        uid: 'friend-2',
        loginType: 'email',
        email: 'f2@example.com',
        inviteCode: 'FRIEND02',
        inviterId: inviter!.id,
      },
    ]);
    const token = await createSession(t.database.db, inviter!.id);
    const res = await t.call('GET', api.inviteInfo.path, { token });
    expect(res.body.data).toEqual({ invite_code: 'INVITE01', invited: 2 });
    expect((await t.call('GET', api.inviteInfo.path)).body.code).toBe(Code.SESSION_INVALID);
  });
});
