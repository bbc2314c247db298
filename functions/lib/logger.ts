import { config } from './config.js';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
/** LOG_LEVEL may also be 'silent' (tests that provoke errors on purpose). */
const thresholds: Record<string, number> = { ...order, silent: Number.POSITIVE_INFINITY };

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** One JSON line per event, carrying the fields of its context (tenant, request id, route). */
export function createLogger(fields: Record<string, unknown> = {}): Logger {
  const write = (level: Level, message: string, data?: Record<string, unknown>) => {
    const threshold = thresholds[config.logLevel()] ?? order.info;
    if (order[level] < threshold) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields, ...data });
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (more) => createLogger({ ...fields, ...more }),
  };
}

export const rootLogger = createLogger();
