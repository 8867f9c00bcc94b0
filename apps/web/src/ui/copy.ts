import { Toast } from 'antd-mobile';
import { i18n } from '../i18n';

/** Copies text and says 'copy success' (SPEC.md §8); falls back to a hidden textarea where the clipboard API is missing. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  Toast.show({ content: i18n.t('content.copySuccess'), position: 'center' });
}
