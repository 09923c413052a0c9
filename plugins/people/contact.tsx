import { Anchor, Stack, Text } from '@mantine/core';

type ContactProps = {
  email: string | undefined;
  officeMobile: string | undefined;
  /** The number as a `tel:` link; plain text otherwise. */
  callable?: boolean;
};

/** How to reach a collaborator: the address to write to, then the office mobile when there is one. */
export function Contact({ email, officeMobile, callable = false }: ContactProps) {
  return (
    <Stack gap={0}>
      {email === undefined ? null : (
        <Anchor href={`mailto:${email}`} size="sm">
          {email}
        </Anchor>
      )}
      {officeMobile === undefined || officeMobile === '' ? null : callable ? (
        <Anchor href={`tel:${officeMobile.replace(/\s/g, '')}`} size="sm">
          {officeMobile}
        </Anchor>
      ) : (
        <Text size="sm">{officeMobile}</Text>
      )}
    </Stack>
  );
}
