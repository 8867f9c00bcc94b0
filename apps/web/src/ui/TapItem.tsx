import { List } from 'antd-mobile';
import type { ListItemProps } from 'antd-mobile/es/components/list';

/**
 * A list row that does something when tapped. antd-mobile's List.Item renders one as an <a> without href, which
 * no keyboard reaches and no screen reader calls a control: this one is a plain row that takes the tap anywhere
 * on it, holding a real button whose click (a tap, Enter or Space) comes up to the row.
 */
export function TapItem({
  onClick,
  children,
  className,
  arrowIcon = true,
  ...item
}: Omit<ListItemProps, 'onClick' | 'clickable'> & { onClick(): void }) {
  return (
    <List.Item
      {...item}
      clickable={false}
      onClick={onClick}
      arrowIcon={arrowIcon}
      className={className ? `tap-item ${className}` : 'tap-item'}
    >
      <button type="button" className="tap-item__button">
        {children}
      </button>
    </List.Item>
  );
}
