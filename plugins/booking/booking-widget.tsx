import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { widgetQueryState } from '@portal/ui';
import { memo, useState } from 'react';
import { useTrack } from '@portal/plugin-api';
import type { WidgetProps } from '@portal/plugin-api';
import { useBookMutation, useBookingsQuery, useSlotsQuery } from './booking-api.ts';
import type { Slot } from './booking-api.ts';
import { useT } from './translation.ts';

const SHOWN_SLOTS = 4;

function useFormatSlot(language: string) {
  return (slot: { startsAt: string; endsAt: string }) => {
    const start = new Date(slot.startsAt);
    const end = new Date(slot.endsAt);
    const day = start.toLocaleDateString(language, { weekday: 'long', day: 'numeric', month: 'long' });
    const time = (d: Date) => d.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
    return `${day}, ${time(start)} – ${time(end)}`;
  };
}

type Outcome = { kind: 'booked' | 'taken' | 'failed'; slot: Slot } | null;

function BookingWidget({ widgetId }: WidgetProps) {
  const { t, language } = useT();
  const track = useTrack();
  const format = useFormatSlot(language);
  const slots = useSlotsQuery();
  const bookings = useBookingsQuery();
  const [book, bookState] = useBookMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onBook = async (slot: Slot) => {
    track('widgetInteracted', { widget: widgetId, action: 'book-slot' });
    try {
      await book({ slotId: slot.slotId }).unwrap();
      setOutcome({ kind: 'booked', slot });
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      setOutcome({ kind: status === 409 ? 'taken' : 'failed', slot });
    }
  };

  const loading = slots.isLoading || bookings.isLoading;
  const waiting = widgetQueryState({
    // The loader wins while the person's bookings are still on their way.
    isError: slots.isError && !loading,
    isLoading: loading,
    texts: { error: t('booking.error'), loading: t('booking.loading') },
  });
  if (waiting !== null) return waiting;
  const available = (slots.data?.items ?? []).filter((slot) => slot.available).slice(0, SHOWN_SLOTS);
  const mine = bookings.data?.items ?? [];

  return (
    <Stack gap="sm">
      <div role="status" aria-live="polite">
        {outcome?.kind === 'booked' && (
          <Alert color="green">{t('booking.booked', { when: format(outcome.slot) })}</Alert>
        )}
      </div>
      {outcome?.kind === 'taken' && <Alert color="orange">{t('booking.taken')}</Alert>}
      {outcome?.kind === 'failed' && <Alert color="red">{t('booking.failed')}</Alert>}
      {mine.length > 0 && (
        <section aria-labelledby={`${widgetId}-mine`}>
          <Title order={3} size="h5" id={`${widgetId}-mine`}>
            {t('booking.mine')}
          </Title>
          <ul>
            {mine.map((booking) => (
              <li key={booking.bookingId}>
                {t('booking.withAdvisor', { when: format(booking), advisor: booking.advisor })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Title order={3} size="h5">
        {t('booking.available')}
      </Title>
      {available.length === 0 ? (
        <Text c="dimmed">{t('booking.noSlot')}</Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {available.map((slot) => {
            const when = format(slot);
            return (
              <Group component="li" key={slot.slotId} justify="space-between" wrap="nowrap">
                <Text size="sm">{t('booking.withAdvisor', { when, advisor: slot.advisor })}</Text>
                {/* Its label whole beside a long slot (it was cut to "Réser" on a phone). */}
                <Button
                  size="xs"
                  style={{ flexShrink: 0 }}
                  loading={bookState.isLoading && bookState.originalArgs?.slotId === slot.slotId}
                  aria-label={t('booking.bookSlot', { when })}
                  onClick={() => void onBook(slot)}
                >
                  {t('booking.book')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

export default memo(BookingWidget);
