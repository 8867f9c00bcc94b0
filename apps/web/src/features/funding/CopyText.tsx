import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A value with a copy button ('copy success' toast); `shown` is an easier-to-read form of it (a spaced key). */
export function CopyText({ value, shown = value }: { value: string; shown?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard.writeText(value).catch(() => {});
    Toast.show({ content: t('msg.copySuccess') });
  };
  return (
    <span className="copy-text">
      <span className="num copy-text__value">{shown}</span>
      <button type="button" className="copy-text__button" onClick={() => void copy()}>
        {t('funding.copy')}
      </button>
    </span>
  );
}
