import { Icon, type IconProps } from '../../components/icons';

/** A shield with a tick: provably fair. */
export function ShieldCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.1 8.3 7.5 9.5 4.4-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.8 12.2 2.2 2.2 4.3-4.6" />
    </Icon>
  );
}

/** A crown: the tails face of the engine's coin. */
export function CrownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m4 8 4 4 4-6 4 6 4-4-1.5 10h-13L4 8Z" />
      <path d="M6 20h12" />
    </Icon>
  );
}
