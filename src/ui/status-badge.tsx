import { Badge, Text } from '@mantine/core';
import type { MantineColor } from '@mantine/core';

/** How a status reads at a glance; the caller maps each of its statuses to one (data, not code). */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

// Each tone has a colour and a sign, so a status never rests on colour alone; the word is the caller's.
// The text stays dark on the tinted background for contrast (WCAG AA); the sign carries the colour.
const TONES: Readonly<Record<StatusTone, { color: MantineColor; sign: string }>> = {
  neutral: { color: 'gray', sign: '○' },
  info: { color: 'indigo', sign: '●' },
  success: { color: 'teal', sign: '✓' },
  warning: { color: 'orange', sign: '!' },
  danger: { color: 'red', sign: '✕' },
};

export type StatusBadgeProps<Status extends string> = {
  status: Status;
  /** Each status's tone, e.g. `{ active: 'success', pending: 'info', revoked: 'danger' }`. */
  tones: Readonly<Record<Status, StatusTone>>;
  /** The status in words, from the locales. */
  label: string;
};

/**
 * A status in words, with a tone's colour and sign.
 *
 * @example
 * const TONES = { active: 'success', suspended: 'warning', revoked: 'danger' } as const;
 * <StatusBadge status={row.status} tones={TONES} label={t(`status.${row.status}`)} />
 */
export function StatusBadge<Status extends string>({ status, tones, label }: StatusBadgeProps<Status>) {
  const tone = tones[status];
  const { color, sign } = TONES[tone];
  return (
    <Badge
      variant="light"
      color={color}
      c="var(--mantine-color-text)"
      tt="none"
      fw={600}
      // Never cut to an ellipsis by a narrow cell: the table scrolls in its box instead.
      miw="max-content"
      data-tone={tone}
      leftSection={
        <Text span c={`${color}.9`} fw={700} aria-hidden="true" lh={1}>
          {sign}
        </Text>
      }
    >
      {label}
    </Badge>
  );
}
