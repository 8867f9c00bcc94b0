/** The widgets ui/notice.ts loads on first use. */
export { Dialog, Toast } from 'antd-mobile';
