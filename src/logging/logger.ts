export type LogLevel = 1 | 2 | 3 | 4 | 5;

const LOG_LEVELS = { trace: 1, debug: 2, info: 3, warn: 4, error: 5 } as const satisfies Record<
  string,
  LogLevel
>;

export type LogLevelName = keyof typeof LOG_LEVELS;

type LogSink = (level: LogLevelName, message: string, details: readonly unknown[]) => void;

type LogMethod = (message: string, ...details: unknown[]) => void;

export type Logger = {
  readonly trace: LogMethod;
  readonly debug: LogMethod;
  readonly info: LogMethod;
  readonly warn: LogMethod;
  readonly error: LogMethod;
  getMinLevel(): LogLevel;
  setMinLevel(level: LogLevel): void;
};

export type LoggerOptions = {
  /** Messages below this level are dropped; 5 (error) when absent, as SPEC section 9 says. */
  minLevel?: LogLevel;
  /** Where masked entries go; the console when absent. */
  sink?: LogSink;
};

const DEFAULT_MIN_LEVEL: LogLevel = 5;

// Authorization values (a bearer token, Basic credentials) and cookies are secrets as much as passwords.
const SECRET_KEY = /pass(word)?|pwd|secret|token|authori[sz]ation|cookie/i;
const MASK = '***';
// Deep enough for any payload we log; guards against pathological structures without a cycle.
const MAX_DEPTH = 12;

const consoleSink: LogSink = (level, message, details) => {
  // console.trace would print a stack for every trace entry, so trace goes to console.debug.
  const method = level === 'trace' ? 'debug' : level;
  console[method](message, ...details);
};

export function maskSecretsInString(text: string): string {
  return (
    text
      // key=value pairs as in query strings and form bodies
      .replace(/([\w-]*(?:pass(?:word)?|pwd|secret|token|authori[sz]ation)[\w-]*)=([^&\s]*)/gi, `$1=${MASK}`)
      // "key": "value" pairs inside serialised JSON
      .replace(
        /("[^"]*(?:pass(?:word)?|pwd|secret|token|authori[sz]ation|cookie)[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
        `$1"${MASK}"`,
      )
      // a bearer or basic credential anywhere in free text ("Authorization: Bearer eyJ…")
      .replace(/\b(Bearer|Basic)\s+[\w\-.~+/]+=*/gi, `$1 ${MASK}`)
  );
}

function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Returns a copy of `value` in which every secret is replaced by '***'; never mutates nor throws. */
export function maskSecrets(value: unknown): unknown {
  return maskValue(value, new WeakSet<object>(), 0);
}

function maskValue(value: unknown, ancestors: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return maskSecretsInString(value);
  if (typeof value !== 'object' || value === null) return value;
  if (ancestors.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Too deep]';
  if (value instanceof Date) return value;
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => maskValue(item, ancestors, depth + 1));
    if (value instanceof Map) {
      const masked = new Map<unknown, unknown>();
      for (const [key, item] of value) {
        masked.set(
          key,
          typeof key === 'string' && isSecretKey(key) ? MASK : maskValue(item, ancestors, depth + 1),
        );
      }
      return masked;
    }
    if (value instanceof Set) {
      return new Set([...value].map((item) => maskValue(item, ancestors, depth + 1)));
    }
    const masked: Record<string, unknown> = {};
    if (value instanceof Error) {
      // name, message and stack are not enumerable, so they are copied by hand.
      masked['name'] = value.name;
      masked['message'] = maskSecretsInString(value.message);
      if (value.stack !== undefined) masked['stack'] = maskSecretsInString(value.stack);
    }
    for (const key of Object.keys(value)) {
      masked[key] = isSecretKey(key) ? MASK : maskValue(readProperty(value, key), ancestors, depth + 1);
    }
    return masked;
  } finally {
    ancestors.delete(value);
  }
}

function readProperty(target: object, key: string): unknown {
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    // A throwing getter must not make logging throw.
    return '[Unreadable]';
  }
}

export function isLogLevel(value: unknown): value is LogLevel {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  let minLevel: LogLevel = options.minLevel ?? DEFAULT_MIN_LEVEL;
  const sink = options.sink ?? consoleSink;

  function write(level: LogLevelName, message: string, details: readonly unknown[]): void {
    if (LOG_LEVELS[level] < minLevel) return;
    try {
      sink(
        level,
        maskSecretsInString(message),
        details.map((detail) => maskSecrets(detail)),
      );
    } catch {
      // Logging is never allowed to break the caller.
    }
  }

  return {
    trace: (message, ...details) => write('trace', message, details),
    debug: (message, ...details) => write('debug', message, details),
    info: (message, ...details) => write('info', message, details),
    warn: (message, ...details) => write('warn', message, details),
    error: (message, ...details) => write('error', message, details),
    getMinLevel: () => minLevel,
    setMinLevel: (level) => {
      if (isLogLevel(level)) minLevel = level;
    },
  };
}

/** The shared logger; the app sets its level once from the manifest's `logging.minLevel`. */
export const logger: Logger = createLogger();

export function setLogLevel(level: LogLevel): void {
  logger.setMinLevel(level);
}
