import type base from './e2e-env.json';

export declare const e2e: typeof base;
