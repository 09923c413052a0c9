import { conditionSchema } from './condition.schema.ts';
import { closedShape } from './closed-shape.ts';
import { identityUrl, safeUrl, sameOriginPathUrl } from './url.schema.ts';

/*
 * The manifest schema: the one source of the manifest's shape. Types come from it (portal-config.ts),
 * the JSON copy and the precompiled browser validator are generated from it (scripts/generate-schema.ts).
 */

const conditionRef = { $ref: '#/$defs/condition' } as const;
const i18nKey = { type: 'string', pattern: '^[a-zA-Z0-9_-]+(\\.[a-zA-Z0-9_-]+)*$' } as const;
const routeName = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*(\\.[a-zA-Z0-9]+)*$' } as const;
const pluginRef = { type: 'string', pattern: '^[a-z][a-z0-9-]*/[a-z][a-z0-9-]*$' } as const;
const flagName = { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*$' } as const;
const positiveInt = { type: 'integer', minimum: 1 } as const;
const nonNegativeNumber = { type: 'number', minimum: 0 } as const;

const routeMetaSchema = {
  type: 'object',
  description: 'Route metadata of SPEC section 2; inherited by child routes unless they set their own.',
  properties: {
    allowAnonymous: { type: 'boolean' },
    allowAuthenticated: { type: 'boolean' },
    featureFlag: flagName,
    gedContext: { type: 'string', enum: ['legacy', 'accounting', 'social-management'] },
    title: i18nKey,
    unitaryView: {
      type: 'boolean',
      description:
        'The page shown on its own in the home layout: the header stays, the entity sidebar and the tab bar do not (a page opened for one task, e.g. a folder launcher).',
    },
    layoutWithoutPadding: { type: 'boolean' },
    featureName: {
      type: 'string',
      minLength: 1,
      description:
        "Sent as the 'Feature Consulted' event when the page opens (launchers); a sidebar item's own featureName wins for its route.",
    },
    permissions: closedShape(['anyOf'], {
      anyOf: { type: 'array', items: { type: 'string' }, minItems: 1 },
      scope: { type: 'string', enum: ['global', 'entity', 'either'] },
    }),
    isCollaboratorRoute: {
      type: 'boolean',
      description:
        "For collaborators only (inherited by the route's children): the route guard answers a signed-in customer with 404, whatever their codes.",
    },
    trailingSlashRedirect: { type: 'boolean' },
    when: conditionRef,
  },
  additionalProperties: false,
} as const;

const redirectRuleSchema = closedShape(['to'], {
  when: conditionRef,
  to: routeName,
  params: { type: 'object', additionalProperties: { type: 'string' } },
  keepQuery: { type: 'boolean' },
});

const routeBaseProperties = {
  name: routeName,
  path: { type: 'string' },
  index: { type: 'boolean' },
  layout: { type: 'string', enum: ['home', 'login', 'error', 'empty'] },
  page: pluginRef,
  homeGrid: {
    type: 'boolean',
    description:
      "The engine draws the home widget grid (homeWidgets) under the route's page, in its layout: the widget set for the session, the user's saved layout (read with the entity's calls) and the edit mode.",
  },
  meta: { $ref: '#/$defs/routeMeta' },
  redirect: { type: 'array', items: { $ref: '#/$defs/redirectRule' }, minItems: 1 },
} as const;

// Routes nest four levels at most; a fixed depth keeps the generated TS types finite.
const routeLevel4 = closedShape(['name'], routeBaseProperties);
const routeLevel3 = closedShape(['name'], {
  ...routeBaseProperties,
  children: { type: 'array', items: { $ref: '#/$defs/routeLevel4' } },
});
const routeLevel2 = closedShape(['name'], {
  ...routeBaseProperties,
  children: { type: 'array', items: { $ref: '#/$defs/routeLevel3' } },
});
const routeLevel1 = closedShape(['name', 'path'], {
  ...routeBaseProperties,
  children: { type: 'array', items: { $ref: '#/$defs/routeLevel2' } },
});

const navItemProperties = {
  id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
  title: i18nKey,
  route: routeName,
  order: { type: 'integer', minimum: 0 },
  params: { type: 'object', additionalProperties: { type: 'string' } },
  when: conditionRef,
} as const;

const tabSchema = closedShape(['id', 'title', 'route', 'order'], navItemProperties);

const sidebarItemSchema = closedShape(['id', 'title', 'icon', 'route', 'order'], {
  ...navItemProperties,
  icon: { type: 'string', minLength: 1 },
  featureName: { type: 'string', minLength: 1 },
  firstAvailableOf: { type: 'string', enum: ['overviewTabs'] },
});

const widgetSchema = closedShape(['widget', 'size'], {
  widget: pluginRef,
  size: { type: 'integer', enum: [1, 2, 3, 4] },
  permission: { type: 'string' },
  when: conditionRef,
  // Checked against the widget's own options schema (the plugin declares it) by `npm run validate`,
  // the studio and the gateway at publication (kernel/schemas/generated/validate-widget-options.js).
  options: { type: 'object' },
});

/**
 * The firm's own look (issue 30): its name and logo on the sign-in pages, the identity provider's pages,
 * the e-mails and the shell's header; its primary colour on buttons and links (checked for WCAG AA
 * contrast by the lint); its favicon; how to reach its support. Without it the portal shows its own title
 * and colours.
 */
const brandingSchema = closedShape(['firmName', 'primaryColor'], {
  firmName: {
    type: 'string',
    minLength: 1,
    maxLength: 80,
    description: "The firm's name, as people read it.",
  },
  logo: closedShape(['src', 'alt'], {
    src: {
      ...sameOriginPathUrl,
      description:
        "A file of the portal's own origin (under public/, e.g. /branding/logo.svg): the CSP's img-src is 'self'.",
    },
    alt: { type: 'string', minLength: 1, description: 'What the logo says, for screen readers.' },
  }),
  primaryColor: {
    type: 'string',
    pattern: '^#[0-9a-fA-F]{6}$',
    description:
      'Buttons, links and the current tab, as #rrggbb; it needs 4.5:1 against white (WCAG AA), checked at publication.',
  },
  favicon: {
    ...sameOriginPathUrl,
    description: "The browser tab's icon, a file of the portal's own origin.",
  },
  support: {
    type: 'object',
    description:
      "How people reach the firm's support (SPEC 9's support contact): under the sign-in pages and in the e-mails; with its name and hours on the error, maintenance and reset-link-failure pages and in the user menu's help. Absent, none of them shows a contact.",
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: 80,
        description: 'Who answers, as people read it (a team or a person).',
      },
      hours: {
        type: 'object',
        description:
          'When support answers, one text per locale of app.locales (e.g. "fr-FR": "Du lundi au vendredi, 9 h - 18 h"); a locale without one shows the first one given.',
        additionalProperties: { type: 'string', minLength: 1, maxLength: 120 },
        propertyNames: { pattern: '^[a-z]{2}(-[A-Z]{2})?$' },
        minProperties: 1,
      },
      phone: { type: 'string', pattern: '^\\+?[0-9][0-9 .-]{5,24}$' },
      email: { type: 'string', pattern: '^[^\\s@<>"]+@[^\\s@<>"]+\\.[^\\s@<>"]+$' },
    },
    minProperties: 1,
    additionalProperties: false,
  },
});

const envValueSchema = closedShape(['env'], { env: { type: 'string', pattern: '^VITE_[A-Z0-9_]+$' } });

export const portalConfigSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://portal.example/schemas/portal-config.schema.json',
  title: 'Portal manifest',
  type: 'object',
  $defs: {
    condition: conditionSchema,
    routeMeta: routeMetaSchema,
    redirectRule: redirectRuleSchema,
    routeLevel2,
    routeLevel3,
    routeLevel4,
    tab: tabSchema,
  },
  properties: {
    $schema: { type: 'string' },
    app: {
      type: 'object',
      properties: {
        defaultLocale: { type: 'string' },
        locales: { type: 'array', items: { type: 'string', pattern: '^[a-z]{2}(-[A-Z]{2})?$' }, minItems: 1 },
        defaultTitle: i18nKey,
        ui: closedShape(['componentSize', 'popupZIndex', 'weekStartsOn'], {
          componentSize: { type: 'string', enum: ['xs', 'sm', 'default', 'md', 'lg', 'xl'] },
          popupZIndex: positiveInt,
          weekStartsOn: { type: 'string', enum: ['monday', 'sunday', 'saturday'] },
        }),
        logging: closedShape(['minLevel'], {
          minLevel: { type: 'integer', minimum: 1, maximum: 5 },
          minLevelEnv: { type: 'string', pattern: '^VITE_[A-Z0-9_]+$' },
        }),
      },
      required: ['defaultLocale', 'locales', 'defaultTitle', 'ui', 'logging'],
      additionalProperties: false,
    },
    gateway: {
      type: 'object',
      properties: {
        baseUrl: safeUrl,
        dataServiceUrl: safeUrl,
        baseUrlEnv: { type: 'string', pattern: '^VITE_[A-Z0-9_]+$' },
        dataServiceUrlEnv: { type: 'string', pattern: '^VITE_[A-Z0-9_]+$' },
        requestTimeoutMs: {
          type: 'integer',
          minimum: 1000,
          description:
            'No gateway call waits longer than this; it then fails as a timeout. 30000 by default.',
        },
        services: {
          type: 'object',
          properties: {
            account: { type: 'string' },
            authentication: { type: 'string' },
            booking: { type: 'string' },
            authorization: { type: 'string' },
            contact: { type: 'string' },
            connect: { type: 'string' },
            customerWallet: { type: 'string' },
            entitycreator: { type: 'string' },
            offer: { type: 'string' },
            accountingIntegration: { type: 'string' },
            registry: { type: 'string' },
            reporting: { type: 'string' },
            wallet: { type: 'string' },
            studio: {
              type: 'string',
              description: 'Prefix of the published manifest and its versions (the studio); optional.',
            },
            analytics: {
              type: 'string',
              description:
                'Prefix of the analytics collector the analytics sink posts event batches to; optional (without it events stay in the debug log).',
            },
          },
          required: [
            'account',
            'authentication',
            'booking',
            'authorization',
            'contact',
            'connect',
            'customerWallet',
            'entitycreator',
            'offer',
            'accountingIntegration',
            'registry',
            'reporting',
            'wallet',
          ],
          additionalProperties: false,
        },
      },
      required: ['baseUrl', 'dataServiceUrl', 'services'],
      additionalProperties: false,
    },
    branding: brandingSchema,
    identity: {
      type: 'object',
      properties: {
        collaborator: {
          type: 'object',
          properties: {
            authority: identityUrl,
            authorityEnv: { type: 'string', pattern: '^VITE_[A-Z0-9_]+$' },
            clientId: { type: 'string', minLength: 1 },
            scopes: { type: 'array', items: { type: 'string' }, minItems: 1 },
            loginPath: sameOriginPathUrl,
            silentRedirectPath: sameOriginPathUrl,
            applicationPrefixes: { type: 'array', items: { type: 'string', pattern: '^/[a-z]+$' } },
            silentFrameTimeoutMs: positiveInt,
            renewalOffsetSeconds: positiveInt,
            maxSilentRetries: { type: 'integer', minimum: 0, maximum: 5 },
          },
          required: [
            'authority',
            'clientId',
            'scopes',
            'loginPath',
            'silentRedirectPath',
            'applicationPrefixes',
            'silentFrameTimeoutMs',
            'renewalOffsetSeconds',
            'maxSilentRetries',
          ],
          additionalProperties: false,
        },
        customer: {
          type: 'object',
          properties: {
            singleSignOnFlag: flagName,
            singleSignOn: {
              type: 'object',
              description:
                "The customers' single sign-on adapter: an OpenID Connect client (authorization code with PKCE) of the provider at `authority`. With the flag on, the client login offers it and a customer who signed in through it is signed out of it too.",
              properties: {
                authority: identityUrl,
                authorityEnv: { type: 'string', pattern: '^VITE_[A-Z0-9_]+$' },
                clientId: { type: 'string', minLength: 1 },
                scopes: { type: 'array', items: { type: 'string' }, minItems: 1 },
                callbackRoute: {
                  type: 'string',
                  minLength: 1,
                  description:
                    'The route (by name) the provider returns to, after signing in and after signing out.',
                },
              },
              required: ['authority', 'clientId', 'scopes', 'callbackRoute'],
              additionalProperties: false,
            },
          },
          required: ['singleSignOnFlag'],
          additionalProperties: false,
        },
      },
      required: ['collaborator', 'customer'],
      additionalProperties: false,
    },
    session: closedShape(['storage', 'tokenKey', 'selectedEntityKey', 'refreshBufferMinutes'], {
      storage: { type: 'string', enum: ['session', 'local', 'memory'] },
      tokenKey: { type: 'string', minLength: 1 },
      selectedEntityKey: { type: 'string', minLength: 1 },
      refreshBufferMinutes: nonNegativeNumber,
      refreshTimeoutMs: {
        type: 'integer',
        minimum: 1000,
        description:
          'A refresh call unanswered after this long is given up; the current token is kept. 10000 by default.',
      },
    }),
    featureFlags: {
      type: 'object',
      propertyNames: flagName,
      additionalProperties: envValueSchema,
    },
    permissions: {
      type: 'object',
      propertyNames: { type: 'string', pattern: '^(CO|CL)[A-Z0-9]{3,10}$' },
      additionalProperties: closedShape(['scope', 'label'], {
        scope: { type: 'string', enum: ['customer', 'collaborator'] },
        label: i18nKey,
        /** The group a rights screen shows the code in (its title: common `permissionDomain.<domain>`). */
        domain: {
          type: 'string',
          enum: ['documents', 'finance', 'reports', 'social', 'company', 'tools', 'people'],
        },
      }),
    },
    conditions: {
      type: 'object',
      description: 'Named conditions, referred to as {"ref": "name"} so a rule is written once.',
      propertyNames: { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*$' },
      additionalProperties: conditionRef,
    },
    studio: {
      type: 'object',
      description:
        "Who the studio is meant for (listed by `portal docs`). It grants no right: who may publish is the gateway's own studio-editor mark (its create-user --studio, grant-studio and revoke-studio commands), which no manifest widens or removes; the portal shows the studio by its route's and nav item's rules.",
      properties: { editors: conditionRef },
      required: ['editors'],
      additionalProperties: false,
    },
    actions: {
      type: 'object',
      description:
        'Named rules for what a screen lets a person do (add a user, delete a report...), e.g. "users.add". A screen shows the action only when its rule holds (useAction); the gateway enforces the same codes on the call.',
      propertyNames: { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*(\\.[a-z][a-zA-Z0-9]*)+$' },
      additionalProperties: conditionRef,
    },
    notifications: {
      type: 'object',
      properties: {
        eventTypes: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
        channels: { type: 'array', items: { type: 'string', enum: ['email', 'inApp'] }, uniqueItems: true },
        /**
         * Per event type, the screen a notification opens: a route by name (its entity is the
         * notification's) and a query whose values may name the notification's `{type}`, `{subjectId}`
         * or `{accountId}`; a parameter whose value is empty is left out. A type without a link opens nothing.
         */
        /** The feature flag that shows the notification centre (the header's bell). */
        centreFlag: { type: 'string', minLength: 1 },
        links: {
          type: 'object',
          additionalProperties: closedShape(['route'], {
            route: { type: 'string', minLength: 1 },
            query: { type: 'object', additionalProperties: { type: 'string' } },
          }),
        },
      },
      required: ['eventTypes', 'channels'],
      additionalProperties: false,
    },
    offers: closedShape(['accountingSoftware', 'forms', 'activeStatus'], {
      accountingSoftware: { type: 'string', minLength: 1 },
      forms: { type: 'string', minLength: 1 },
      activeStatus: { type: 'string', minLength: 1 },
    }),
    sortOrders: { type: 'array', items: { type: 'string', enum: ['asc', 'desc'] }, uniqueItems: true },
    documentKinds: {
      type: 'array',
      items: { type: 'string', enum: ['legacy', 'accounting', 'social-management'] },
      uniqueItems: true,
    },
    trackingEvents: closedShape(['featureConsulted', 'widgetInteracted'], {
      featureConsulted: { type: 'string', minLength: 1 },
      widgetInteracted: { type: 'string', minLength: 1 },
    }),
    routing: {
      type: 'object',
      properties: {
        passThroughPrefixes: { type: 'array', items: { type: 'string', pattern: '^/[a-z]+$' } },
        maintenanceFlag: flagName,
        notificationSettingsFlag: flagName,
        loginRoute: routeName,
        maintenanceRoute: routeName,
        termsRoute: routeName,
        forbiddenRoute: routeName,
        notFoundRoute: routeName,
        errorRoute: routeName,
      },
      required: [
        'passThroughPrefixes',
        'maintenanceFlag',
        'notificationSettingsFlag',
        'loginRoute',
        'maintenanceRoute',
        'termsRoute',
        'forbiddenRoute',
        'notFoundRoute',
        'errorRoute',
      ],
      additionalProperties: false,
    },
    routes: { type: 'array', items: routeLevel1, minItems: 1 },
    landing: { type: 'array', items: { $ref: '#/$defs/redirectRule' }, minItems: 1 },
    sidebar: { type: 'array', items: sidebarItemSchema },
    walletTabs: closedShape(['collaborator', 'client'], {
      collaborator: { type: 'array', items: { $ref: '#/$defs/tab' } },
      client: { type: 'array', items: { $ref: '#/$defs/tab' } },
    }),
    overviewTabs: { type: 'array', items: { $ref: '#/$defs/tab' } },
    homeWidgets: {
      type: 'object',
      properties: {
        /** Whether the home shows a widget grid at all (SPEC 9's homeWidgets flag); without it, no grid. */
        when: conditionRef,
        sets: {
          type: 'array',
          minItems: 1,
          items: closedShape(['id', 'widgets'], {
            id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
            when: conditionRef,
            widgets: { type: 'array', items: widgetSchema, minItems: 1 },
          }),
        },
      },
      required: ['sets'],
      additionalProperties: false,
    },
    constants: {
      type: 'object',
      properties: {
        entitiesPageSize: positiveInt,
        smartOffer: closedShape(['defaultPrice', 'alternativePrice', 'alternativeAccountNumbers'], {
          defaultPrice: nonNegativeNumber,
          alternativePrice: { anyOf: [nonNegativeNumber, { type: 'null' }] },
          alternativeAccountNumbers: {
            type: 'string',
            description: 'Comma-separated account numbers that get the alternative price.',
          },
          offerCode: {
            type: 'string',
            description: 'The catalogue offer these prices apply to (the offers catalogue shows them).',
          },
        }),
        passwordStrengthLevels: { type: 'array', items: { type: 'string' }, minItems: 1 },
        documents: {
          type: 'object',
          description:
            'Upload rules of documents and BI reports: checked by the portal before sending and by the gateway on arrival.',
          properties: {
            maxFileSizeBytes: positiveInt,
            allowedTypes: {
              type: 'array',
              items: { type: 'string', pattern: '^[a-z]+/[a-z0-9.+-]+$' },
              minItems: 1,
              description: 'Media types, as the gateway reads them from the first bytes of a file.',
            },
            allowedExtensions: {
              type: 'array',
              items: { type: 'string', pattern: '^\\.[a-z0-9]+$' },
              minItems: 1,
              description:
                'What the file picker offers and the gateway accepts: a name with another extension (or none) is refused (415).',
            },
            entityQuotaBytes: {
              ...positiveInt,
              description:
                'Bytes of documents and report files one entity may hold; an upload past it answers 413 quota_exceeded. Default 2 GiB.',
            },
            uploadsPerUser: {
              type: 'object',
              description:
                'Uploads one person may start in a sliding window, whatever the entity; more answer 429 with Retry-After. Default 30 per 600 s.',
              properties: { max: positiveInt, windowSeconds: positiveInt },
              required: ['max', 'windowSeconds'],
              additionalProperties: false,
            },
          },
          required: ['maxFileSizeBytes', 'allowedTypes', 'allowedExtensions'],
          additionalProperties: false,
        },
        mandateToolUrl: {
          ...safeUrl,
          description: 'The external mandate tool, linked from the mandates page when its flag is on.',
        },
      },
      required: ['entitiesPageSize', 'smartOffer', 'passwordStrengthLevels', 'documents'],
      additionalProperties: false,
    },
    applications: {
      type: 'array',
      description:
        'The launcher catalogue: applications opened in a new tab. label is a key of the launcher plugin (its description is label + "Text"); an url with {accountNumber} (the selected entity) is an entity application, listed by the entity launcher; the others are the firm tools, listed by the wallet launcher; when decides who sees it.',
      items: closedShape(['id', 'label', 'icon', 'url', 'when'], {
        id: { type: 'string' },
        label: { type: 'string' },
        icon: { type: 'string' },
        url: safeUrl,
        when: conditionRef,
      }),
    },
    thirdPartyScripts: {
      type: 'array',
      items: closedShape(['name', 'url', 'consent'], {
        name: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
        url: safeUrl,
        consent: {
          type: 'string',
          description:
            'The consent category the person accepts before the script loads; never `necessary`, which is granted without asking.',
          enum: ['analytics', 'chat', 'productTour', 'singleSignOn'],
        },
        when: conditionRef,
        options: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
      }),
    },
  },
  required: [
    'app',
    'gateway',
    'identity',
    'session',
    'featureFlags',
    'permissions',
    'conditions',
    'notifications',
    'offers',
    'sortOrders',
    'documentKinds',
    'trackingEvents',
    'routing',
    'routes',
    'landing',
    'sidebar',
    'walletTabs',
    'overviewTabs',
    'homeWidgets',
    'constants',
    'thirdPartyScripts',
  ],
  additionalProperties: false,
} as const;
