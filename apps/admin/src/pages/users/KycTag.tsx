import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** SPEC.md §4 review_status: 0 not submitted, 1 waiting, 2 certified, 3 rejected. */
const KYC = {
  0: { key: 'none', color: 'default' },
  1: { key: 'waiting', color: 'gold' },
  2: { key: 'certified', color: 'green' },
  3: { key: 'rejected', color: 'red' },
} as const;
type KycStatus = keyof typeof KYC;

/** A real-name review's status. */
export function KycTag({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return <Tag color={KYC[status].color}>{t(`kyc.${KYC[status].key}`)}</Tag>;
}
