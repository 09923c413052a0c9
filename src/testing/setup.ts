import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { installBrowserStubs } from './browser-stubs.ts';

installBrowserStubs();

// A whole page rendered in jsdom takes one to three seconds alone, several times that on a two-core
// machine running the gateway suites beside it: waiting for what a page shows must not fail on load alone.
configure({ asyncUtilTimeout: 5000 });
