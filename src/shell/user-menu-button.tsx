import { Button, Text } from '@mantine/core';
import type { ButtonProps, ElementProps } from '@mantine/core';
import type { Ref } from 'react';

type UserMenuButtonProps = ButtonProps &
  ElementProps<'button', keyof ButtonProps> & {
    name: string;
    label: string;
    ref?: Ref<HTMLButtonElement>;
  };

/** The button that opens the user menu: the same one before and after the menu's code arrives. */
export function UserMenuButton({ name, label, ref, ...rest }: UserMenuButtonProps) {
  return (
    <Button ref={ref} variant="subtle" maw={{ base: 120, xs: 220 }} aria-label={label} {...rest}>
      <Text truncate="end" size="sm" fw={500}>
        {name}
      </Text>
    </Button>
  );
}
