/*
 * WCAG 2.x contrast between two sRGB colours written `#rrggbb`: what the manifest's lint checks the firm's
 * primary colour with (white text on a filled button, a link on the white page), so a publication whose
 * buttons or links fall below AA is refused with its place rather than shipped.
 */

/** WCAG AA for normal-size text. */
export const WCAG_AA_TEXT = 4.5;

/** The portal's page background and the text on a filled primary button (Mantine's light scheme). */
export const WHITE = '#ffffff';

function channel(hex: string, at: number): number {
  const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb` (WCAG 2.x definition). */
export function relativeLuminance(hex: string): number {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** Contrast ratio of two `#rrggbb` colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
