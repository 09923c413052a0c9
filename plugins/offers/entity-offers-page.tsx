import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAction, useOfferPrice, useSelectedEntity } from '@portal/plugin-api';
import { formatMoney, OutcomeAlert, PageHeader, StatusBadge } from '@portal/ui';
import { statusOf, useEntityOffersQuery, useRequestOfferMutation } from './offers-api.ts';
import type { EntityOffer } from './offers-api.ts';
import { OfferGrid } from './offer-grid.tsx';
import { REQUESTED_TONE, SUBSCRIPTION_TONES } from './status-tones.ts';
import { useT } from './translation.ts';

/** The entity's offers: what it subscribes to and with which status; a customer may ask for another. */
export default function EntityOffersPage() {
  const { t, language } = useT();
  const selected = useSelectedEntity();
  const accountId = selected?.entity.accountId ?? 0;
  const { price } = useOfferPrice();
  const canRequest = useAction('offers.request');
  const offers = useEntityOffersQuery(accountId, { skip: accountId === 0 });
  const [requestOffer, request] = useRequestOfferMutation();
  const [outcome, setOutcome] = useState<{ kind: 'created' | 'duplicate' | 'failed'; offer: string } | null>(
    null,
  );

  const ask = async (offer: EntityOffer) => {
    const result = await requestOffer({ accountId, offerCode: offer.offerCode });
    setOutcome({
      kind: 'error' in result ? (statusOf(result.error) === 409 ? 'duplicate' : 'failed') : 'created',
      offer: offer.name,
    });
  };

  const state = (offer: EntityOffer) => {
    if (
      offer.subscriptionStatus !== null &&
      offer.subscriptionStatus !== 'refused' &&
      offer.subscriptionStatus !== 'cancelled'
    )
      return (
        <StatusBadge
          status={offer.subscriptionStatus}
          tones={SUBSCRIPTION_TONES}
          label={t(`subscriptions.statuses.${offer.subscriptionStatus}`)}
        />
      );
    if (offer.pendingRequest)
      return <StatusBadge status="requested" tones={REQUESTED_TONE} label={t('entityOffers.requested')} />;
    return canRequest ? (
      <Button
        size="xs"
        variant="light"
        onClick={() => void ask(offer)}
        loading={request.isLoading && request.originalArgs?.offerCode === offer.offerCode}
        aria-label={t('entityOffers.askFor', { offer: offer.name })}
      >
        {t('entityOffers.askShort')}
      </Button>
    ) : (
      <Text size="sm" c="dimmed">
        {t('entityOffers.notSubscribed')}
      </Text>
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('entityOffers.title')} description={t('entityOffers.intro')} />
      {outcome === null ? null : (
        <OutcomeAlert
          success={outcome.kind === 'created'}
          closeLabel={t('close')}
          onClose={() => setOutcome(null)}
        >
          {t(`entityOffers.outcome.${outcome.kind}`, { offer: outcome.offer })}
        </OutcomeAlert>
      )}
      <OfferGrid
        result={offers}
        errorTitle={t('entityOffers.error')}
        empty={{ title: t('entityOffers.empty'), reason: t('entityOffers.emptyReason') }}
        skeletonHeight={120}
        renderCard={(offer) => (
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text component="h2" fw={700}>
                {offer.name}
              </Text>
              {state(offer)}
            </Group>
            <Text size="sm">{offer.description}</Text>
            <Text size="sm" fw={600}>
              {t('catalog.price', {
                price: formatMoney(price(selected?.entity.accountNumber, offer), language),
              })}
            </Text>
          </Stack>
        )}
      />
    </Stack>
  );
}
