import { Icon, type IconProps } from '../../components/icons';

/** A tick: a day of the daily reward taken, a task claimed, a link copied. */
export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}
