import type { UserDetail } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Drawer } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api';
import { AdjustBalance } from './AdjustBalance';
import { UserActions } from './UserActions';
import { UserTabs } from './UserTabs';

/** One trader: the operator's actions on the account above its tabs; any change reloads it and the list. */
export function UserDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [detail, setDetail] = useState<UserDetail | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  // Bumped by each change: the ledger and orders tabs read their pages again.
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    if (id !== null) setDetail(await call(adminEndpoints.userDetail, { id }));
  }, [id]);
  useEffect(() => {
    setDetail(null);
    load().catch(() => {});
  }, [load]);

  const changed = async () => {
    await load();
    setVersion((v) => v + 1);
    onChanged();
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={960}
      title={detail ? `${detail.uid} · ${detail.email ?? detail.mobile ?? ''}` : ''}
      destroyOnHidden
    >
      {detail && (
        <>
          <UserActions detail={detail} onAdjust={() => setAdjusting(true)} onChanged={changed} />
          <UserTabs detail={detail} version={version} onChanged={changed} />
          <AdjustBalance
            userId={detail.id}
            open={adjusting}
            onClose={() => setAdjusting(false)}
            onDone={async () => {
              setAdjusting(false);
              await changed();
            }}
          />
        </>
      )}
    </Drawer>
  );
}
