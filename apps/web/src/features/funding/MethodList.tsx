import { Button, Dialog, ErrorBlock, List } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type DrawMethod, type DrawType, deleteDrawMethod, fetchDrawMethods } from '../../api/funding';
import { Page } from '../../ui/Page';

/** The user's bound coin addresses or bank accounts, each deletable after a confirmation. */
export function MethodList({ type }: { type: DrawType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [methods, setMethods] = useState<DrawMethod[]>();

  const load = useCallback(() => fetchDrawMethods(type).then(setMethods, () => setMethods([])), [type]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = (method: DrawMethod) =>
    Dialog.confirm({
      content: t('funding.confirmDelete'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        await deleteDrawMethod(method.id).catch(() => {});
        await load();
      },
    });

  return (
    <Page>
      {methods?.length === 0 && <ErrorBlock status="empty" title={t('common.empty')} description="" />}
      <List className="method-list">
        {methods?.map((m) => (
          <List.Item
            key={m.id}
            description={
              type === 1 ? (
                <span className="num method-list__address">{m.dc_address}</span>
              ) : (
                <span>
                  {m.payee_name} · <span className="num">{m.payee_account}</span>
                </span>
              )
            }
            extra={
              <Button size="mini" color="danger" fill="outline" onClick={() => void remove(m)}>
                {t('funding.delete')}
              </Button>
            }
          >
            {type === 1
              ? `${m.draw_currency.code} · ${m.draw_currency.protocol}`
              : `${m.bank_name} (${m.draw_currency.code})`}
          </List.Item>
        ))}
      </List>
      <div className="funding-panel">
        <Button block color="primary" onClick={() => navigate(`/mine/withdraw-way?type=${type}`)}>
          {t(type === 1 ? 'funding.bindCoin' : 'funding.bindBank')}
        </Button>
      </div>
    </Page>
  );
}
