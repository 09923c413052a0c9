import type { ReactNode } from 'react';
import { LineIcon } from '../ui/line-icon.tsx';

/*
 * The sidebar's icons by the name the manifest gives (`"icon": "chart"`), and the header's bell. Small
 * inline outlines rather than an icon library: ten icons do not justify a dependency in the entity area's
 * chunk.
 */
const paths: Readonly<Record<string, ReactNode>> = {
  home: <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />,
  chart: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  folder: <path d="M3 6h6l2 2h10v11H3z" />,
  calculator: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M8 7h8M8 12h2M14 12h2M8 16h2M14 16h2" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20c0-3 3-5 6-5s6 2 6 5M16 5a3 3 0 010 6M18 15c2 .5 3 2.5 3 5" />
    </>
  ),
  bank: <path d="M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />,
  calendar: <path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4" />,
  gauge: (
    <>
      <path d="M4 17a8 8 0 1116 0" />
      <path d="M12 17l4-5" />
    </>
  ),
  apps: (
    <>
      <rect x="4" y="4" width="6" height="6" rx="1" />
      <rect x="14" y="4" width="6" height="6" rx="1" />
      <rect x="4" y="14" width="6" height="6" rx="1" />
      <rect x="14" y="14" width="6" height="6" rx="1" />
    </>
  ),
  building: <path d="M4 21V4h10v17M14 9h6v12M7 8h4M7 12h4M7 16h4M2 21h20" />,
  bell: <path d="M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0" />,
};

/** Decorative (the link's text names it); an unknown name draws a dot rather than failing. */
export function NavIcon({ name }: { name: string }) {
  return (
    <LineIcon size={20} strokeWidth={1.75}>
      {paths[name] ?? <circle cx="12" cy="12" r="3" />}
    </LineIcon>
  );
}
