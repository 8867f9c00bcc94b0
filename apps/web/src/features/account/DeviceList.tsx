import { Button, Dialog, List, Tag } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceSession, fetchSessions, revokeOtherSessions, revokeSession } from '../../api/security';
import { formatDate } from '../content/date';
import { describeDevice } from './device';

/** The devices signed in to the account; any but this one can be signed out, one by one or all at once. */
export function DeviceList() {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<DeviceSession[]>();

  // A failed read keeps the rows shown (as before); only the first one ends the loading row.
  const load = useCallback(
    () => fetchSessions().then(setSessions, () => setSessions((shown) => shown ?? [])),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const name = (userAgent: string) => {
    const { browser, system } = describeDevice(userAgent);
    if (browser && system) return t('security.deviceOn', { browser, system });
    return browser ?? system ?? t('security.unknownDevice');
  };

  const confirmRevoke = (content: string, revoke: () => Promise<unknown>) =>
    Dialog.confirm({
      content,
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        await revoke().catch(() => {});
        await load();
      },
    });

  return (
    <>
      <List header={t('security.devices')} className="device-list" aria-busy={sessions === undefined}>
        {/* A row's height held while the list loads (its address and time take two lines on a phone): the
            section below would move as the list arrived, under a tap. */}
        {sessions === undefined && (
          <List.Item
            className="device-list__loading"
            description={
              <>
                {'\u00a0'}
                <br />
                {'\u00a0'}
              </>
            }
          >
            {'\u00a0'}
          </List.Item>
        )}
        {sessions?.map((s) => (
          <List.Item
            key={s.id}
            description={
              <span>
                <span className="num">{s.ip}</span> ·{' '}
                {t('security.lastSeen', { time: formatDate(s.last_seen_at) })}
              </span>
            }
            extra={
              s.current ? (
                <Tag color="primary" fill="outline">
                  {t('security.thisDevice')}
                </Tag>
              ) : (
                <Button
                  size="mini"
                  color="danger"
                  fill="outline"
                  onClick={() => void confirmRevoke(t('security.confirmSignOut'), () => revokeSession(s.id))}
                >
                  {t('security.signOut')}
                </Button>
              )
            }
          >
            {name(s.user_agent)}
          </List.Item>
        ))}
      </List>
      {sessions?.some((s) => !s.current) && (
        <div className="security-panel">
          <Button
            block
            color="danger"
            fill="outline"
            onClick={() => void confirmRevoke(t('security.confirmSignOutOthers'), revokeOtherSessions)}
          >
            {t('security.signOutOthers')}
          </Button>
        </div>
      )}
    </>
  );
}
