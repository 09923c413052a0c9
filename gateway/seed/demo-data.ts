// Demo data around personas.json: what the screens need beyond the personas' own fields.
import type { NewsItem } from '../../kernel/contract/api.ts';

export const TERMS = [
  {
    termsId: 1,
    version: '2025.1',
    publishedAt: '2025-01-15T09:00:00.000Z',
    fr: "Conditions générales d'utilisation du portail, version 2025.1. Le cabinet met le portail à votre disposition pour consulter vos dossiers.",
    en: 'Terms of use of the portal, version 2025.1. The firm provides the portal so that you can consult your files.',
  },
  {
    termsId: 2,
    version: '2026.1',
    publishedAt: '2026-01-10T09:00:00.000Z',
    fr: "Conditions générales d'utilisation du portail, version 2026.1. Vos données sont hébergées dans l'Union européenne ; vous vous engagez à garder vos identifiants confidentiels.",
    en: 'Terms of use of the portal, version 2026.1. Your data is hosted in the European Union; you agree to keep your credentials confidential.',
  },
] as const;

export const OFFERS = [
  {
    offerCode: 'PENNYLANE',
    name: 'Logiciel comptable',
    description: 'Tenue comptable collaborative dans le logiciel comptable.',
    monthlyPrice: 49,
  },
  {
    offerCode: 'FORMS',
    name: 'Formulaires',
    description: 'Collecte de pièces et questionnaires en ligne.',
    monthlyPrice: 15,
  },
  {
    offerCode: 'CLARITY',
    name: 'Clarity',
    description: 'Tableaux de bord financiers et offre intelligente.',
    monthlyPrice: 30,
  },
  {
    offerCode: 'PAYROLL',
    name: 'Paie',
    description: 'Gestion sociale et bulletins de paie.',
    monthlyPrice: 25,
  },
] as const;

export const FAVORITE_ENTITIES: Readonly<Record<string, readonly number[]>> = {
  'claire.solo@demo.test': [1001],
  'marc.multi@demo.test': [1002],
  'paul.collab@demo.test': [1001, 1002],
};

export const DEFAULT_NEWS: readonly NewsItem[] = [
  {
    title: 'Loi de finances 2027 : ce qui change pour les TPE',
    link: 'https://example.test/news/loi-de-finances-2027',
    publishedAt: '2026-11-18T08:00:00.000Z',
    summaryHtml: '<p>Les principales mesures fiscales pour les <strong>petites entreprises</strong>.</p>',
  },
  {
    title: 'Facturation électronique : le calendrier',
    link: 'https://example.test/news/facturation-electronique',
    publishedAt: '2026-11-10T08:00:00.000Z',
    summaryHtml: '<p>Réception obligatoire dès septembre 2026 ; émission selon la taille.</p>',
  },
];

const REPORT_TITLES = [
  'Tableau de bord financier',
  'Suivi de trésorerie',
  'Indicateurs RH',
  'Analyse des marges',
];

/**
 * The entity's BI reports, one a month back from October 2026 (a fixed date: the list is the same on every
 * run). A report's period is the month it was made in, and its title names that period's year: a title
 * never says "2024" over a period of August 2026.
 */
export function seededReports(
  accountId: number,
  count: number,
): { title: string; kind: 'financial' | 'hr'; createdAt: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const createdAt = new Date(Date.UTC(2026, 9 - index, 5 + (accountId % 7), 9));
    return {
      title: `${REPORT_TITLES[index % REPORT_TITLES.length] ?? 'Rapport'} ${String(createdAt.getUTCFullYear())}`,
      kind: index % 3 === 2 ? 'hr' : 'financial',
      createdAt: createdAt.toISOString(),
    };
  });
}

export function indicators(accountId: number) {
  const base = accountId % 10;
  return [
    {
      code: 'REVENUE',
      label: "Chiffre d'affaires",
      value: 250000 + base * 10000,
      unit: 'EUR',
      period: '2025',
    },
    { code: 'EBITDA', label: 'EBE', value: 42000 + base * 1500, unit: 'EUR', period: '2025' },
    { code: 'HEADCOUNT', label: 'Effectif', value: 4 + base, unit: 'persons', period: '2026-10' },
    { code: 'DSO', label: 'Délai client', value: 38 + base, unit: 'days', period: '2026-10' },
  ];
}

const DOCUMENT_NAMES = {
  legacy: ['Bilan 2025.pdf', 'Liasse fiscale 2025.pdf', 'Grand livre 2025.xlsx'],
  accounting: ['Facture fournisseur 0412.pdf', 'Relevé bancaire octobre.pdf', 'Note de frais 17.pdf'],
  'social-management': ['Bulletins de paie octobre.pdf', 'DSN octobre.xml', 'Contrat de travail.pdf'],
} as const;

export function documents(accountId: number, kind: keyof typeof DOCUMENT_NAMES) {
  const offset = kind === 'legacy' ? 0 : kind === 'accounting' ? 100 : 200;
  return DOCUMENT_NAMES[kind].map((name, index) => ({
    id: accountId * 1000 + offset + index + 1,
    name,
    kind,
    uploadedAt: new Date(Date.UTC(2026, 10, 1 + index * 5, 10)).toISOString(),
    sizeBytes: 48000 + index * 12345 + (accountId % 100),
  }));
}

export const MOD_REQUESTS = [
  {
    accountId: 1002,
    offerCode: 'PENNYLANE',
    status: 'pending',
    comment: 'Souhaite passer au logiciel comptable.',
    requestedByEmail: 'marc.multi@demo.test',
    createdAt: '2026-11-02T10:00:00.000Z',
  },
  {
    accountId: 1003,
    offerCode: 'PENNYLANE',
    status: 'pending',
    comment: '',
    requestedByEmail: 'nina.terms@demo.test',
    createdAt: '2026-10-20T10:00:00.000Z',
  },
] as const;

/** Slots on the five weekdays after `from`, at 09:00, 11:00 and 14:00 UTC. */
export function slots(from: Date) {
  const result: { slotId: number; startsAt: string; endsAt: string; advisor: string }[] = [];
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let slotId = 1;
  while (result.length < 15) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    for (const hour of [9, 11, 14]) {
      const start = new Date(day);
      start.setUTCHours(hour);
      const end = new Date(start.getTime() + 45 * 60_000);
      result.push({
        slotId,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        advisor: slotId % 2 === 0 ? 'Lea Collab' : 'Paul Collab',
      });
      slotId += 1;
    }
  }
  return result;
}
