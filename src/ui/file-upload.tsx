import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from './format.ts';
import { visuallyHidden } from './visually-hidden.tsx';

/** What may be sent: the manifest's `constants.documents`, checked here before a byte leaves. */
export type UploadRules = {
  maxFileSizeBytes: number;
  allowedTypes: readonly string[];
  allowedExtensions: readonly string[];
};

/**
 * Sends one file; rejects with `{ status, code?, retryAfterS? }` (the gateway's answer, 0 offline; its
 * error code and a 429's wait) or an AbortError.
 */
export type UploadFile = (
  file: File,
  options: { onProgress: (fraction: number) => void; signal: AbortSignal },
) => Promise<unknown>;

export type FileUploadProps = {
  /** The zone's title, e.g. "Add documents". */
  label: string;
  rules: UploadRules;
  upload: UploadFile;
  /** Called once per file the gateway kept, with its answer. */
  onUploaded?: (answer: unknown, file: File) => void;
  /** One file only (a report deposit); several by default. */
  single?: boolean;
  /**
   * A "Take a photo" button on touch screens, straight to the rear camera: for uploads where a photo of a
   * paper (a receipt, an invoice) is a usual document. Only when the rules take an image type.
   */
  camera?: boolean;
};

type Failure =
  | 'empty'
  | 'tooLarge'
  | 'type'
  | 'forbidden'
  | 'invalid'
  | 'quota'
  | 'rateMinutes'
  | 'rateSeconds'
  | 'offline'
  | 'failed';
type Item = {
  id: number;
  file: File;
  progress: number;
  state: 'sending' | 'done' | 'failed' | 'cancelled';
  failure?: Failure;
  /** The wait a 429 asked for, in the unit of its failure (minutes or seconds). */
  wait?: number;
  controller: AbortController;
};

/**
 * What the file picker offers: the rules' extensions and their media types. The image types
 * (image/jpeg, image/png) are what make a phone offer its camera and photo library beside its files; an
 * iPhone then hands its HEIC photos over as JPEG.
 */
export function acceptOf(rules: UploadRules): string {
  return [...new Set([...rules.allowedExtensions, ...rules.allowedTypes])].join(',');
}

/** The rules' image types, the camera's picker: none when the rules take no image. */
const imageTypesOf = (rules: UploadRules): string =>
  rules.allowedTypes.filter((type) => type.startsWith('image/')).join(',');

const extensionOf = (name: string) => /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';

/** Why a file cannot be sent, by the manifest's rules; undefined when it may go. */
export function checkFile(file: File, rules: UploadRules): Failure | undefined {
  if (file.size === 0) return 'empty';
  if (file.size > rules.maxFileSizeBytes) return 'tooLarge';
  if (!rules.allowedExtensions.includes(extensionOf(file.name))) return 'type';
  // The browser's type is a guess from the name; when it has one it must agree (the gateway reads the bytes).
  if (file.type !== '' && !rules.allowedTypes.includes(file.type)) return 'type';
  return undefined;
}

function failureOf(error: unknown): { failure: Failure; wait?: number } {
  const fields = typeof error === 'object' && error !== null ? error : {};
  const status = 'status' in fields && typeof fields.status === 'number' ? fields.status : -1;
  const code = 'code' in fields ? fields.code : undefined;
  if (status === 0) return { failure: 'offline' };
  if (status === 403) return { failure: 'forbidden' };
  // The entity's storage is full: no smaller file of this person's would help, unlike a file too large.
  if (status === 413) return { failure: code === 'quota_exceeded' ? 'quota' : 'tooLarge' };
  if (status === 415) return { failure: 'type' };
  if (status === 422) return { failure: 'invalid' };
  if (status === 429) {
    const seconds =
      'retryAfterS' in fields && typeof fields.retryAfterS === 'number' ? fields.retryAfterS : 60;
    return seconds >= 60
      ? { failure: 'rateMinutes', wait: Math.ceil(seconds / 60) }
      : { failure: 'rateSeconds', wait: Math.max(1, Math.ceil(seconds)) };
  }
  return { failure: 'failed' };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The one upload of the portal: drop files on the zone or pick them, each checked against the manifest's
 * rules before it is sent, then sent on its own with a progress bar and a cancel; a refused file says why
 * and the others carry on.
 *
 * @example
 * <FileUpload label={t('upload.title')} rules={useConstant('documents')}
 *   upload={(file, options) => send(file, options)} onUploaded={() => refetch()} />
 */
export function FileUpload({
  label,
  rules,
  upload,
  onUploaded,
  single = false,
  camera = false,
}: FileUploadProps) {
  // Its own namespace, fetched with the first page that shows an upload: the sign-in page never pays for it.
  const { t, i18n } = useTranslation('upload');
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  // `capture` opens the camera at once, without the files: only as a second way, where a finger points.
  const photoTypes = imageTypesOf(rules);
  const touch = useMediaQuery('(pointer: coarse)');
  const withCamera = camera && touch && photoTypes !== '';
  const nextId = useRef(1);
  const live = useRef(new Set<AbortController>());

  // Leaving the page cancels what is still on its way.
  useEffect(() => {
    const controllers = live.current;
    return () => {
      for (const controller of controllers) controller.abort();
    };
  }, []);

  const update = (id: number, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const send = (item: Item) => {
    live.current.add(item.controller);
    upload(item.file, {
      signal: item.controller.signal,
      onProgress: (fraction) => update(item.id, { progress: Math.round(fraction * 100) }),
    })
      .then((answer) => {
        update(item.id, { state: 'done', progress: 100 });
        onUploaded?.(answer, item.file);
      })
      .catch((error: unknown) => {
        update(item.id, isAbort(error) ? { state: 'cancelled' } : { state: 'failed', ...failureOf(error) });
      })
      .finally(() => live.current.delete(item.controller));
  };

  const add = (files: readonly File[]) => {
    const chosen = single ? files.slice(0, 1) : files;
    const added = chosen.map((file): Item => {
      const failure = checkFile(file, rules);
      return {
        id: nextId.current++,
        file,
        progress: 0,
        controller: new AbortController(),
        ...(failure === undefined ? { state: 'sending' } : { state: 'failed', failure }),
      };
    });
    setItems((current) => [...added, ...(single ? [] : current)]);
    for (const item of added) if (item.state === 'sending') send(item);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  const pickIn = (event: ChangeEvent<HTMLInputElement>) => {
    add([...(event.currentTarget.files ?? [])]);
    event.currentTarget.value = '';
  };

  const maxSize = formatFileSize(rules.maxFileSizeBytes, i18n.language);
  const extensions = rules.allowedExtensions.join(', ');

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="md"
        radius="md"
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-blue-6)' : undefined,
          background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-zone"
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Text fw={600}>{label}</Text>
            <Text size="sm" c="dimmed">
              {t(single ? 'dropOne' : 'drop')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('rules', { extensions, size: maxSize })}
            </Text>
          </Stack>
          <Group gap="xs">
            {withCamera ? (
              <Button variant="light" onClick={() => cameraInput.current?.click()}>
                {t('camera')}
              </Button>
            ) : null}
            <Button variant="light" onClick={() => input.current?.click()}>
              {t(single ? 'chooseOne' : 'choose')}
            </Button>
          </Group>
        </Group>
        {/* Hidden by style, not Mantine's VisuallyHidden: sharing that component with the home split it into
            one more chunk the home then loads. The button above opens it; tests and assistive tech reach it by label. */}
        <input
          ref={input}
          type="file"
          aria-label={label}
          multiple={!single}
          accept={acceptOf(rules)}
          tabIndex={-1}
          style={visuallyHidden}
          onChange={pickIn}
        />
        {withCamera ? (
          <input
            ref={cameraInput}
            type="file"
            aria-label={t('camera')}
            accept={photoTypes}
            capture="environment"
            tabIndex={-1}
            style={visuallyHidden}
            onChange={pickIn}
          />
        ) : null}
      </Paper>
      {items.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list')}>
          {items.map((item) => (
            <li key={item.id}>
              <Group gap="sm" wrap="nowrap" align="center">
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" truncate="end">
                    {item.file.name}{' '}
                    <Text span size="xs" c="dimmed">
                      {formatFileSize(item.file.size, i18n.language)}
                    </Text>
                  </Text>
                  {item.state === 'sending' ? (
                    <Progress
                      value={item.progress}
                      size="sm"
                      aria-label={t('progress', { name: item.file.name })}
                    />
                  ) : (
                    <Text
                      size="xs"
                      role={item.state === 'failed' ? 'alert' : 'status'}
                      c={item.state === 'failed' ? 'red.8' : item.state === 'done' ? 'teal.9' : 'dimmed'}
                    >
                      {item.state === 'failed'
                        ? t(`failure.${item.failure ?? 'failed'}`, {
                            size: maxSize,
                            extensions,
                            count: item.wait ?? 0,
                          })
                        : t(item.state)}
                    </Text>
                  )}
                </Stack>
                {item.state === 'sending' ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    aria-label={t('cancelFile', { name: item.file.name })}
                    onClick={() => item.controller.abort()}
                  >
                    {t('cancel')}
                  </Button>
                ) : (
                  <CloseButton
                    size="sm"
                    aria-label={t('dismiss', { name: item.file.name })}
                    onClick={() => setItems((current) => current.filter((other) => other.id !== item.id))}
                  />
                )}
              </Group>
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
