import { Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAction, useOfferPrice } from '@portal/plugin-api';
import { formatMoney, OutcomeAlert, PageHeader } from '@portal/ui';
import {
  statusOf,
  useOfferCatalogueQuery,
  useOfferFolderChoicesQuery,
  useRequestOfferMutation,
} from './offers-api.ts';
import type { FolderChoice, Offer } from './offers-api.ts';
import { OfferGrid } from './offer-grid.tsx';
import { useT } from './translation.ts';

type Outcome = { kind: 'created' | 'duplicate' | 'failed'; offer: string; folder: string };

function ActivateDialog({
  offer,
  onClose,
  onDone,
}: {
  offer: Offer;
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const { t, language } = useT();
  const { price } = useOfferPrice();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const choices = useOfferFolderChoicesQuery(debounced);
  const [chosen, setChosen] = useState<FolderChoice | null>(null);
  const [comment, setComment] = useState('');
  const [requestOffer, request] = useRequestOfferMutation();

  const submit = async () => {
    if (chosen === null) return;
    const result = await requestOffer({ accountId: chosen.accountId, offerCode: offer.offerCode, comment });
    const kind = 'error' in result ? (statusOf(result.error) === 409 ? 'duplicate' : 'failed') : 'created';
    onDone({ kind, offer: offer.name, folder: chosen.name });
  };

  return (
    <Modal opened onClose={onClose} title={t('catalog.activateTitle', { offer: offer.name })} size="lg">
      <Stack gap="sm">
        <TextInput
          label={t('catalog.folderSearch')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <Radio.Group
          label={t('catalog.folder')}
          value={chosen === null ? '' : String(chosen.accountId)}
          onChange={(value) =>
            setChosen(choices.data?.items.find((folder) => String(folder.accountId) === value) ?? null)
          }
        >
          <Stack gap="xs" mt="xs" aria-busy={choices.isFetching}>
            {(choices.data?.items ?? []).map((folder) => (
              <Radio
                key={folder.accountId}
                value={String(folder.accountId)}
                label={`${folder.name} · ${folder.accountNumber}`}
              />
            ))}
            {choices.data?.items.length === 0 ? (
              <Text size="sm" c="dimmed" role="status">
                {t('catalog.noFolder')}
              </Text>
            ) : null}
          </Stack>
        </Radio.Group>
        {chosen === null ? null : (
          <Text fw={600} role="status">
            {t('catalog.priceFor', {
              folder: chosen.name,
              price: formatMoney(price(chosen.accountNumber, offer), language),
            })}
          </Text>
        )}
        <Textarea
          label={t('catalog.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={chosen === null} loading={request.isLoading}>
            {t('catalog.activate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The firm's offers with description and price; a collaborator with COOFF001 activates one for a folder. */
export default function CatalogPage() {
  const { t, language } = useT();
  const { price, smartOfferCode } = useOfferPrice();
  const canActivate = useAction('offers.request');
  const catalogue = useOfferCatalogueQuery();
  const [activating, setActivating] = useState<Offer | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <Stack gap="md">
      <PageHeader title={t('catalog.title')} description={t('catalog.intro')} />
      {outcome === null ? null : (
        <OutcomeAlert
          success={outcome.kind === 'created'}
          closeLabel={t('close')}
          onClose={() => setOutcome(null)}
        >
          {t(`catalog.outcome.${outcome.kind}`, { offer: outcome.offer, folder: outcome.folder })}
        </OutcomeAlert>
      )}
      <OfferGrid
        result={catalogue}
        errorTitle={t('catalog.error')}
        empty={{ title: t('catalog.empty'), reason: t('catalog.emptyReason') }}
        skeletonHeight={140}
        renderCard={(offer) => (
          <Stack gap="xs" h="100%" justify="space-between">
            <Stack gap="xs">
              <Text component="h2" fw={700} size="lg">
                {offer.name}
              </Text>
              <Text size="sm">{offer.description}</Text>
              <Text fw={600}>
                {offer.offerCode === smartOfferCode
                  ? t('catalog.fromPrice', {
                      price: formatMoney(price(undefined, offer), language),
                    })
                  : t('catalog.price', { price: formatMoney(offer.monthlyPrice, language) })}
              </Text>
            </Stack>
            {canActivate ? (
              <Button
                variant="light"
                w="fit-content"
                onClick={() => setActivating(offer)}
                aria-label={t('catalog.activateFor', { offer: offer.name })}
              >
                {t('catalog.activateShort')}
              </Button>
            ) : null}
          </Stack>
        )}
      />
      {activating === null ? null : (
        <ActivateDialog
          offer={activating}
          onClose={() => setActivating(null)}
          onDone={(done) => {
            setActivating(null);
            setOutcome(done);
          }}
        />
      )}
    </Stack>
  );
}
