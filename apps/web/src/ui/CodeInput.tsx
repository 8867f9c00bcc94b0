import { Input } from 'antd-mobile';

/** A one-time code (sent by message, or an authenticator's): digits, and the code the phone's keyboard offers. */
export function CodeInput(props: {
  name: string;
  value: string;
  onChange(value: string): void;
  maxLength?: number;
  onEnterPress?(): void;
  /** The field's label: antd-mobile's Form.Item label is not tied to the input. */
  'aria-label': string;
}) {
  return <Input inputMode="numeric" autoComplete="one-time-code" {...props} />;
}
