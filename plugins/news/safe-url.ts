/** `value` as an absolute http(s) URL, or undefined (javascript:, data:, relative and broken URLs). */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
