import '@testing-library/jest-dom/vitest';
import { installBrowserStubs } from './browser-stubs.ts';

installBrowserStubs();
